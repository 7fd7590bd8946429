import 'mantine-datatable/styles.layer.css';
import { Alert } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { FittedColumns, type FittedColumn } from './FittedColumns.tsx';

/**
 * A back-office list of records read whole (tours, guides, vehicles): why it could not be read,
 * then the table, each row opening its record, its columns fitted to the screen; a record no longer
 * in use is dimmed. Lists paged and sorted by the database (bookings, clients) use DataTable in
 * FittedColumns themselves.
 */
export function RecordTable<T extends { id: string }>({
  label,
  records,
  columns,
  error,
  fetching,
  empty,
  onOpen,
  dimmed,
}: {
  label: string;
  records: T[];
  columns: FittedColumn<T>[];
  error: Error | null;
  fetching: boolean;
  /** What the table says with no row: nothing yet, or nothing matching. */
  empty: string;
  onOpen: (record: T) => void;
  dimmed?: (record: T) => boolean;
}) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error.message}
        </Alert>
      )}
      <FittedColumns list={label} columns={columns}>
        {(shown) => (
          <DataTable<T>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={records.length ? undefined : 220}
            idAccessor="id"
            records={records}
            columns={shown}
            fetching={fetching}
            noRecordsText={empty}
            onRowClick={({ record }) => onOpen(record)}
            rowStyle={(record) => ({ cursor: 'pointer', opacity: dimmed?.(record) ? 0.65 : 1 })}
            aria-label={label}
          />
        )}
      </FittedColumns>
    </>
  );
}
