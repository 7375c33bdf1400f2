// @vitest-environment jsdom
/**
 * The content lists' kit (issue 26 §2): a ContentList reads its search and status filter from the URL and clears
 * them; the status switch and Delete ask first, and Cancel changes nothing.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { LampIcon } from 'lucide-react';
import { act, createElement, Fragment } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpDomRouter } from '../../../tests/fixtures/dom-router.ts';
import {
  actionsColumn,
  ContentList,
  contentListSetup,
  nameColumn,
  statusColumn,
  StatusSwitch,
  type ContentListQuery,
  useContentList,
} from './content-list';
import { DataTableRowActions } from './data-table-row-actions';

interface Lamp {
  id: number;
  name: string;
  isActive: boolean;
}

const LAMPS: Lamp[] = [
  { id: 1, name: 'Desk lamp', isActive: true },
  { id: 2, name: 'Floor lamp', isActive: false },
  { id: 3, name: 'Desk fan', isActive: false },
];
const LAMPS_LIST = contentListSetup('active', 'All lamps', 20);
const calls = {
  change: vi.fn(async (_id: number, _isOn: boolean) => undefined),
  remove: vi.fn(async (_id: number) => undefined),
};

const COLUMNS: Array<ColumnDef<Lamp, unknown> & { id: string }> = [
  nameColumn('name', 'Name', (lamp) => lamp.name),
  statusColumn('active', (lamp) =>
    createElement(StatusSwitch, {
      kind: 'active',
      name: lamp.name,
      isOn: lamp.isActive,
      effects: ['It lights.', 'It goes dark.'],
      change: (isOn) => calls.change(lamp.id, isOn),
      toasts: { done: () => 'Done', failed: 'Failed' },
    }),
  ),
  actionsColumn((lamp) =>
    createElement(DataTableRowActions, {
      name: lamp.name,
      onEdit: () => undefined,
      deletion: {
        title: `Delete the lamp “${lamp.name}”?`,
        description: 'Gone for good.',
        remove: () => calls.remove(lamp.id),
        done: 'Deleted',
        failed: 'Failed',
      },
    }),
  ),
];

/** The "server": the list API filters the lamps as the URL's query says. */
function useLamps(query: ContentListQuery) {
  const items = LAMPS.filter(
    (lamp) => (!query.q || lamp.name.includes(query.q)) && (!query.active || String(lamp.isActive) === query.active),
  );
  return {
    isPending: false,
    isError: false,
    error: null,
    refetch: () => undefined,
    data: { items, total: items.length },
  };
}

function LampList() {
  const list = useContentList(LAMPS_LIST, useLamps);
  return createElement(ContentList<Lamp>, {
    ...list,
    title: 'Lamps',
    noun: 'lamps',
    search: { label: 'Search lamps', placeholder: 'Search names' },
    columns: COLUMNS,
    renderCard: (lamp) => createElement(Fragment, null, lamp.name),
    empty: { icon: LampIcon, title: 'No lamps yet.' },
  });
}

const dom = setUpDomRouter({ '/lamps': LampList });
const { open } = dom;

afterEach(() => {
  calls.change.mockClear();
  calls.remove.mockClear();
});

const table = () => dom.container.querySelector('table[aria-label="Lamps"]');
const shownNames = () =>
  [...(table()?.querySelectorAll('tbody tr') ?? [])].map((row) => row.firstElementChild!.textContent);
const byName = (name: string) => document.querySelector<HTMLElement>(`[aria-label="${name}"]`)!;
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
const dialogButton = (text: string) =>
  [...dialog()!.querySelectorAll('button')].find((button) => button.textContent === text)!;
const click = (element: HTMLElement) => act(async () => element.click());

describe('ContentList', () => {
  it('shows the search and the status filter its URL names, with the count of what they keep', async () => {
    await open('/lamps?q=Desk&active=false');
    expect(shownNames()).toEqual(['Desk fan']);
    expect(dom.container.querySelector('h2')?.textContent).toBe('Lamps (1)');
    expect((dom.container.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('Desk');
    expect(dom.container.querySelector('[aria-label="Active filter"]')?.textContent).toBe('Inactive');
  });

  it('leaves out a status the API would refuse, and Clear filters empties the URL', async () => {
    const router = await open('/lamps?q=Ceiling&active=maybe');
    expect(dom.container.querySelector('[aria-label="Active filter"]')?.textContent).toBe('All lamps');
    expect(dom.container.textContent).toContain('No lamps match these filters.');
    await click(
      [...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Clear filters')!,
    );
    expect(router.state.location.search).toBe('');
    expect(shownNames()).toEqual(['Desk lamp', 'Floor lamp', 'Desk fan']);
  });

  it('asks before a status change, naming it; Cancel changes nothing, the confirmation makes the change', async () => {
    await open('/lamps');
    await click(byName('Active: Desk lamp'));
    expect(dialog()?.textContent).toContain('Deactivate “Desk lamp”?');
    expect(dialog()?.textContent).toContain('It goes dark.');
    await click(dialogButton('Cancel'));
    expect(dialog()).toBeNull();
    expect(calls.change).not.toHaveBeenCalled();

    await click(byName('Active: Floor lamp'));
    expect(dialog()?.textContent).toContain('Activate “Floor lamp”?');
    await click(dialogButton('Activate'));
    expect(calls.change).toHaveBeenCalledWith(2, true);
  });

  it('asks before a delete, naming the row; Cancel keeps it, Delete removes it', async () => {
    await open('/lamps');
    await click(byName('Delete Desk fan'));
    expect(dialog()?.textContent).toContain('Delete the lamp “Desk fan”?');
    await click(dialogButton('Cancel'));
    expect(calls.remove).not.toHaveBeenCalled();
    await click(byName('Delete Desk fan'));
    await click(dialogButton('Delete'));
    expect(calls.remove).toHaveBeenCalledWith(3);
  });
});
