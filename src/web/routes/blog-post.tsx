import { data } from 'react-router';

// Blog posts are served with the blog release; until then every slug is a real 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function BlogPost() {
  return null;
}
