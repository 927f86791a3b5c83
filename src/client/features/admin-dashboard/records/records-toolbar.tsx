import { TABLE_PAGE_SIZES } from '@shared/schemas/admin-dashboard.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { recordsExportUrl } from '../dashboard-api.ts';
import { SearchField, type SelectOption, SelectField } from '../dashboard-ui.tsx';
import type { PageSize, RecordsFilter, RecordsSort, RecordsTable } from './use-records-table.ts';

const PAGE_SIZE_OPTIONS: SelectOption<PageSize>[] = TABLE_PAGE_SIZES.map((size) => ({
  value: size,
  label: String(size),
}));

interface RecordsToolbarProps {
  table: RecordsTable;
  filterOptions: readonly SelectOption<RecordsFilter>[];
  /** Only the Evaluation table can be sorted. */
  sortOptions?: readonly SelectOption<RecordsSort>[];
}

/** Search, filter, sort, page size and the CSV export of exactly the filtered rows. */
export function RecordsToolbar({ table, filterOptions, sortOptions }: RecordsToolbarProps) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchField
        label="Search"
        placeholder="Search by user name, email, ID, or paper title..."
        value={table.searchInput}
        onChange={table.setSearchInput}
      />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <SelectField
          label="Filter"
          value={table.filter}
          options={filterOptions}
          onChange={table.setFilter}
          className="sm:w-40"
        />
        {sortOptions && (
          <SelectField
            label="Sort by"
            value={table.sort}
            options={sortOptions}
            onChange={table.setSort}
            className="sm:w-44"
          />
        )}
        <SelectField
          label="Rows per page"
          value={table.limit}
          options={PAGE_SIZE_OPTIONS}
          onChange={table.setLimit}
          className="sm:w-28"
        />
        {/* The session cookie goes with a same-origin link, and the server names the file. */}
        <a
          href={recordsExportUrl(table.query)}
          download
          className={buttonClass('secondary', 'col-span-2 whitespace-nowrap sm:col-span-1')}
        >
          Export CSV
        </a>
      </div>
    </div>
  );
}
