import { useSearchParams } from 'react-router';
import { AcceptInvitationCard } from '~/features/staff-invitations';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/staff-invite';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Join the Team - JotIt!',
    description: 'Accept your invitation to the JotIt team.',
    path: '/staff-invite',
    origin: originFromMatches(matches),
  }),
  { name: 'robots', content: 'noindex' },
];

/** Decision 0056: the staff invitation's link (`/staff-invite?token=…`), like the reset-password page. */
export default function StaffInvitePage() {
  const [searchParams] = useSearchParams();
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <AcceptInvitationCard token={searchParams.get('token') ?? ''} />
    </section>
  );
}
