// @vitest-environment jsdom
/**
 * The DataTable keeps its state in the URL (issue 26 §2): rendered in a real router, a link's page, sort and filter
 * are what the table shows, and a click on a header, Next or a selection changes the URL (and only that).
 */
import type { ColumnDef } from '@tanstack/react-table';
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpDomRouter, type DomRouter } from '../../../tests/fixtures/dom-router.ts';
import { DataTable, useDataTableState } from './data-table';
import { rowsOfPage, type TableStateOptions } from '~/lib/table-url-state';

interface Person {
  id: number;
  email: string;
}

const OPTIONS: TableStateOptions = {
  pageSizes: [2],
  defaultPageSize: 2,
  sortable: ['email'],
  defaultSort: null,
  filters: ['q'],
};
const COLUMNS: Array<ColumnDef<Person, unknown> & { id: string }> = [{ id: 'email', header: 'Email', cell: ({ row }) => row.original.email }];
const PEOPLE: Person[] = Array.from({ length: 5 }, (_, index) => ({ id: index + 1, email: `person${index + 1}@example.com` }));

/** The "server": filters, sorts and pages the five people as the URL says. */
function PeopleTable() {
  const table = useDataTableState(OPTIONS);
  const { q } = table.state.filters;
  const matching = PEOPLE.filter((person) => !q || person.email.includes(q));
  if (table.state.sort?.desc) matching.reverse();
  const rows = matching.slice(table.offset, table.offset + table.state.pageSize);
  return createElement(DataTable<Person>, {
    label: 'People',
    table,
    columns: COLUMNS,
    rows,
    total: matching.length,
    getRowId: (person) => String(person.id),
    rowLabel: (person) => person.email,
    query: { isPending: false, isError: false, error: null, refetch: () => undefined },
    loadingLabel: 'Loading people...',
    errorTitle: 'Error loading people',
    empty: 'No people.',
    renderCard: (person) => person.email,
    bulkActions: createElement('button', { type: 'button' }, 'Do it'),
  });
}

const NOTES_OPTIONS: TableStateOptions = { ...OPTIONS, sortable: [], filters: [], paramPrefix: 'notes' };

/** A second list on the same page, sent whole by its API and shown as cards at every width (as the banners are). */
function PeopleAndNotes() {
  const notes = useDataTableState(NOTES_OPTIONS);
  return createElement(
    'div',
    null,
    createElement(PeopleTable),
    createElement(DataTable<Person>, {
      label: 'Notes',
      table: notes,
      columns: [],
      rows: rowsOfPage(PEOPLE, notes.state),
      total: PEOPLE.length,
      getRowId: (person) => String(person.id),
      query: { isPending: false, isError: false, error: null, refetch: () => undefined },
      loadingLabel: 'Loading notes...',
      errorTitle: 'Error loading notes',
      empty: 'No notes.',
      renderCard: (person) => `note of ${person.email}`,
      isCardsOnly: true,
    }),
    createElement(DataTable<Person>, {
      label: 'Readers',
      table: notes,
      columns: [{ id: 'email', header: 'Email', meta: { label: 'Email' }, cell: ({ row }) => row.original.email }],
      rows: PEOPLE.slice(0, 1),
      total: 1,
      getRowId: (person) => String(person.id),
      query: { isPending: false, isError: false, error: null, refetch: () => undefined },
      loadingLabel: 'Loading readers...',
      errorTitle: 'Error loading readers',
      empty: 'No readers.',
      renderCard: (person) => person.email,
    }),
  );
}

const dom = setUpDomRouter({ '/people': PeopleTable, '/both': PeopleAndNotes });
const { open } = dom;

const search = (router: DomRouter) => router.state.location.search;
const table = () => dom.container.querySelector('table[aria-label="People"]')!;
const shownEmails = () => [...table().querySelectorAll('tbody tr')].map((row) => row.lastElementChild!.textContent);
const button = (name: string) => [...dom.container.querySelectorAll('button')].find((element) => element.textContent?.trim() === name)!;
const click = (element: Element) => act(async () => (element as HTMLElement).click());

describe('DataTable', () => {
  it('shows the page, sort and filter its URL names', async () => {
    await open('/people?page=2&sort=-email&q=person');
    expect(shownEmails()).toEqual(['person3@example.com', 'person2@example.com']);
    expect(table().querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('descending');
    expect(dom.container.querySelector('nav[aria-label="Pages"]')?.textContent).toContain('3–4 of 5');
  });

  it('writes a sort, a page and a filter into the URL, and starts again at page 1 when the sort changes', async () => {
    const router = await open('/people?q=person');
    await click(button('Next'));
    expect(search(router)).toBe('?page=2&q=person');
    expect(shownEmails()).toEqual(['person3@example.com', 'person4@example.com']);

    await click(button('Email'));
    expect(search(router)).toBe('?sort=email&q=person');
    await click(button('Email'));
    expect(search(router)).toBe('?sort=-email&q=person');
    expect(shownEmails()).toEqual(['person5@example.com', 'person4@example.com']);

    // Back returns to the page before the sort (a page or a sort is a history step).
    await act(async () => router.navigate(-2));
    expect(search(router)).toBe('?page=2&q=person');
    expect(shownEmails()).toEqual(['person3@example.com', 'person4@example.com']);
  });

  it('shows one bulk bar while rows are selected, keeps the selection across pages, and clears it', async () => {
    await open('/people');
    expect(dom.container.querySelector('[role="region"][aria-label="Bulk actions"]')).toBeNull();
    await click(table().querySelector('[aria-label="Select person1@example.com"]')!);
    await click(button('Next'));
    await click(table().querySelector('[aria-label="Select person3@example.com"]')!);
    const bar = dom.container.querySelector('[role="region"][aria-label="Bulk actions"]')!;
    expect(bar.textContent).toContain('2 selected');
    expect(bar.textContent).toContain('Do it');
    await click(button('Clear selection'));
    expect(dom.container.querySelector('[role="region"][aria-label="Bulk actions"]')).toBeNull();
  });

  it('keeps two tables of one page apart in the URL, and draws a cards-only list without a table', async () => {
    const router = await open('/both?page=2&notesPage=3');
    expect(shownEmails()).toEqual(['person3@example.com', 'person4@example.com']);
    const notes = dom.container.querySelector('ul[aria-label="Notes"]')!;
    expect(notes.className).not.toContain('md:hidden');
    expect(dom.container.querySelector('table[aria-label="Notes"]')).toBeNull();
    expect([...notes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['note of person5@example.com']);
    // A toolbar holding only the Columns menu (a table's) leaves no empty row above the cards under 768 px.
    expect(dom.container.querySelector('[role="group"][aria-label="Readers tools"]')?.className).toContain('hidden md:flex');
    expect(dom.container.querySelector('[role="group"][aria-label="People tools"]')?.className).not.toContain('hidden');

    // The notes' Previous changes only `notesPage`; the people stay on their page.
    const notesPager = [...dom.container.querySelectorAll('nav[aria-label="Pages"]')].find((nav) => nav.textContent?.includes('5–5 of 5'))!;
    await click([...notesPager.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Previous')!);
    expect(search(router)).toBe('?page=2&notesPage=2');
    expect(shownEmails()).toEqual(['person3@example.com', 'person4@example.com']);
    expect([...notes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['note of person3@example.com', 'note of person4@example.com']);
  });
});
