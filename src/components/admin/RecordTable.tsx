import 'mantine-datatable/styles.layer.css';
import { Alert } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';

/**
 * A back-office list of records read whole (tours, guides, vehicles): why it could not be read,
 * then the table, each row opening its record; a record no longer in use is dimmed. Lists paged and
 * sorted by the database (bookings, clients) use DataTable themselves.
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
  columns: DataTableColumn<T>[];
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
      <DataTable<T>
        withTableBorder
        borderRadius="md"
        highlightOnHover
        minHeight={records.length ? undefined : 220}
        idAccessor="id"
        records={records}
        columns={columns}
        fetching={fetching}
        noRecordsText={empty}
        onRowClick={({ record }) => onOpen(record)}
        rowStyle={(record) => ({ cursor: 'pointer', opacity: dimmed?.(record) ? 0.65 : 1 })}
        aria-label={label}
      />
    </>
  );
}
