/**
 * The roll-up's arithmetic, written once for the job that rolls up (jobs/analytics-maintenance.ts, every minute)
 * and the dashboard's reads of what it has not rolled yet (modules/analytics/service.ts), decision 0071.
 *
 * Each event carries `rolled`: whether the roll-ups (`analytics_daily`, `analytics_downloads_daily`) count it. The
 * job and a read take the same set, the events of each visitor-day that has an event not rolled yet (`recent`),
 * and count every unit of it twice: as it is now (sign 1) and as the roll-up counted it (sign −1, from its rolled
 * events alone, with the visit's attributes as those events gave them). Added to the roll-up, the difference makes
 * it what a computation over every event would be: the job writes it and marks the events rolled in one statement;
 * a read adds it to what it sums. A visit never spans two days (the visitor hash lives one), so the visitor-days
 * touched are the only rows that change — whatever order, or however late, the events were written in.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnalyticsDimension,
  DIMENSION_ATTRIBUTE,
  DOWNLOAD_VISIT_WINDOW,
  downloadAttribution,
  durationMs,
  EVENT_COLUMNS,
  EVENT_DAY,
  ROLLED_DOWNLOAD_VISIT_WINDOW,
  ROLLED_VISIT_WINDOW,
  VISIT_ATTRIBUTES,
  VISIT_DIMENSION_VALUES,
  VISIT_WINDOW,
  type VisitAttribute,
  type VisitDimension,
  visitAttributesAs,
  visitColumns,
} from './analytics-visits.ts';

export type EventKind = 'view' | 'not_found' | 'download';

export interface EventScope {
  /** The kinds read (default: every kind). */
  kinds?: EventKind[];
  /** The days read, [start, end) (default: every day). */
  start?: Date;
  end?: Date;
}

const kindsIn = (kinds: EventKind[]) =>
  sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );

const scopeFilter = ({ kinds, start, end }: EventScope) =>
  sql`${kinds ? sql`and kind in (${kindsIn(kinds)})` : sql``}
    ${start ? sql`and at >= ${start.toISOString()}` : sql``} ${end ? sql`and at < ${end.toISOString()}` : sql``}`;

/**
 * The CTEs `pending` (the visitor-days with an event not rolled yet, found through the partial index on those)
 * and `recent` (every event of those visitor-days, through the visitor index: a loop of index ranges, a minute's
 * visitors at a time).
 */
export function pendingEvents(scope: EventScope = {}): SQL {
  const kindFilter = scope.kinds ? sql`and kind in (${kindsIn(scope.kinds)})` : sql``;
  return sql`pending as materialized (
      select distinct visitor_hash, ${EVENT_DAY} as day from analytics_events where not rolled ${scopeFilter(scope)}
    ), recent as (
      select x.* from pending cross join lateral (
        select ${EVENT_COLUMNS}, rolled from analytics_events
        where visitor_hash = pending.visitor_hash and at >= pending.day::timestamp at time zone 'UTC'
          and at < (pending.day + 1)::timestamp at time zone 'UTC' ${kindFilter}
      ) as x
    )`;
}

/** The CTE `recent` for a read the roll-ups cannot answer: every event of the scope, none rolled. */
export function allEvents(scope: EventScope): SQL {
  return sql`recent as (select ${EVENT_COLUMNS}, false as rolled from analytics_events where true ${scopeFilter(scope)})`;
}

/** The visit dimensions and the page, as the roll-up holds them. */
export interface UnitOptions {
  kinds: Array<'view' | 'not_found'>;
  dims: readonly AnalyticsDimension[];
  /** False when no event of `recent` is rolled (a raw read): the "as rolled" half is left out. */
  withRolled: boolean;
  /** A filter on the counted events, over `path` and the `v_…` attributes it names in `filterAttributes`. */
  where?: SQL;
  filterAttributes?: readonly VisitAttribute[];
  /**
   * The visit dimensions also counted per page viewed (the job's, decision 0082): one unit per visit and path, its
   * views of that path, under `page` = the path — what a read under that page filter counts by those dimensions.
   */
  pageDims?: readonly VisitDimension[];
}

/**
 * After `recent`, the CTE `unit_changes`: each unit (a visit, per dimension; a visit's views of one page, for
 * `page`) as counted now, `sign` 1, and as the roll-up counted it, `sign` −1; with its `kind`, `day`, `dim`,
 * `value`, the page filter it is counted under (`page`: the path for `pageDims`, else ''), the visit's `v_source`
 * and `v_country` (the roll-up's filters; null when not asked for), its views `n` and duration `d` (ms). Only the
 * attributes the dimensions and the filter read are computed: a read of pages or totals unfiltered needs no visit
 * window at all (a read's largest cost after its minute of events).
 */
export function unitChanges({ kinds, dims, withRolled, where = sql`true`, filterAttributes = [], pageDims = [] }: UnitOptions): SQL {
  const attributes = VISIT_ATTRIBUTES.filter((name) => filterAttributes.includes(name) || [...dims, ...pageDims].some((dim) => DIMENSION_ATTRIBUTE[dim] === name));
  const attributeOrNull = (name: VisitAttribute) => sql.raw(attributes.includes(name) ? `v_${name}` : 'null::text');
  const unitColumns = sql.raw(['sign', 'kind', 'visitor_hash', 'day', ...attributes.map((name) => `v_${name}`)].join(', '));
  const duration = durationMs(sql`max(at)`, sql`min(at)`);
  const visitDims = dims.filter((dim) => dim !== 'page');
  const dimensionValues = (of: readonly VisitDimension[]) => sql.join(of.map((dim) => sql`(${dim}, ${VISIT_DIMENSION_VALUES[dim]})`), sql`, `);
  const visitUnits = visitDims.length
    ? sql`select sign, kind, day, x.dim, x.value, '', ${attributeOrNull('source')}, ${attributeOrNull('country')}, n, d from (
          select ${unitColumns}, count(*) as n, ${duration} as d from counted where ${where} group by ${unitColumns}
        ) as visit_units cross join lateral (values ${dimensionValues(visitDims)}) as x(dim, value)`
    : null;
  const pageUnits = dims.includes('page')
    ? sql`select sign, kind, day, 'page', path, '', ${attributeOrNull('source')}, ${attributeOrNull('country')}, n, d from visit_page_units`
    : null;
  const pageVisitUnits = pageDims.length
    ? sql`select sign, kind, day, x.dim, x.value, path, null::text, null::text, n, d
        from visit_page_units cross join lateral (values ${dimensionValues(pageDims)}) as x(dim, value)`
    : null;
  const windowed = attributes.length > 0;
  const eventColumns = [
    sql`recent.*`,
    ...(windowed ? [visitColumns('visit', 'v', attributes)] : []),
    ...(windowed && withRolled ? [visitColumns('rolled_visit', 'r', attributes)] : []),
  ];
  const windows = windowed ? [VISIT_WINDOW, ...(withRolled ? [ROLLED_VISIT_WINDOW] : [])] : [];
  const countedAs = (sign: 1 | -1, prefix: 'v' | 'r') =>
    sql.join([sql.raw(`${sign} as sign, kind, visitor_hash, day, id, at, path`), ...(windowed ? [visitAttributesAs(prefix, attributes)] : [])], sql`, `);
  return sql`visit_events as (
      select ${sql.join(eventColumns, sql`, `)} from recent where kind in (${kindsIn(kinds)})
      ${windows.length ? sql`window ${sql.join(windows, sql`, `)}` : sql``}
    ), counted as (
      select ${countedAs(1, 'v')} from visit_events
      ${withRolled ? sql`union all select ${countedAs(-1, 'r')} from visit_events where rolled` : sql``}
    )${
      pageUnits || pageVisitUnits
        ? sql`, visit_page_units as (
      select ${unitColumns}, path, count(*) as n, ${duration} as d from counted where ${where} group by ${unitColumns}, path
    )`
        : sql``
    }, unit_changes (sign, kind, day, dim, value, page, v_source, v_country, n, d) as (
      ${sql.join([visitUnits, pageUnits, pageVisitUnits].filter((part): part is SQL => part !== null), sql` union all `)}
    )`;
}

/** A unit change's sums: visits, views, bounces (one-view units) and duration. */
export const UNIT_SUMS = sql`sum(sign) as visits, sum(sign * n) as views, coalesce(sum(sign) filter (where n = 1), 0) as bounces,
  sum(sign * d) as duration_ms`;

/** The funnel's groups of a download (`analytics_daily.dim` of kind `download`): values for a lateral join. */
export const DOWNLOAD_DIMENSIONS = { source: sql`source`, campaign: sql`campaign`, entry: sql`entry_path` } as const;
export const DOWNLOAD_DIMENSION_ROWS = sql.join(
  Object.entries(DOWNLOAD_DIMENSIONS).map(([dim, value]) => sql`(${dim}, ${value})`),
  sql`, `,
);

/** What a download takes from its visit (downloadAttribution). */
const DOWNLOAD_ATTRIBUTES: VisitAttribute[] = ['entry', 'source', 'campaign', 'country'];

/**
 * After `recent` (with its views and downloads), the CTE `download_changes`: each download click under its visit
 * of that day (else its own UTM values and referrer) as counted now, `downloads` 1, and as the roll-up counted it,
 * −1; with `day`, `source`, `campaign`, `entry_path` and `country`.
 */
export function downloadChanges(): SQL {
  return sql`download_events as (
      select recent.*, first_value(kind) over visit = 'view' as has_visit, ${visitColumns('visit', 'v', DOWNLOAD_ATTRIBUTES)},
             first_value(kind) over rolled_visit = 'view' as r_has_visit, ${visitColumns('rolled_visit', 'r', DOWNLOAD_ATTRIBUTES)}
      from recent where kind in ('view', 'download')
      window ${DOWNLOAD_VISIT_WINDOW}, ${ROLLED_DOWNLOAD_VISIT_WINDOW}
    ), download_changes as (
      select day, ${downloadAttribution(sql`has_visit`, 'v')}, 1 as downloads from download_events where kind = 'download'
      union all
      select day, ${downloadAttribution(sql`r_has_visit`, 'r')}, -1 from download_events where kind = 'download' and rolled
    )`;
}
