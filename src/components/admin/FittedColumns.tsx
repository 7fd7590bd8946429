import { Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { useElementSize, useLocalStorage, useMergedRef } from '@mantine/hooks';
import { IconColumns } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { columnsThatFit, columnsThatMayYield } from './columns.ts';

/** A list's column with the room it needs (its padding included) and when it gives way. */
export type FittedColumn<T> = DataTableColumn<T> & {
  /** Without it the column wraps into whatever room is left. */
  room?: number;
  /** When the screen is short of room, columns give way in this order (1 first); without it, never. */
  yields?: number;
};

/** The checkbox column of a list with bulk actions. */
const SELECTION_ROOM = 44;

/**
 * Every back-office list's columns fitted to the width it has: all of them when they fit side by
 * side (1280 px), else those that give way last (a 768 px tablet), with a "Columns" menu to show
 * the others. Nothing hides off the right edge behind a sideways swipe. What the staff member picks
 * is kept on this device, per list.
 */
export function FittedColumns<T>({
  list,
  columns,
  selectable = false,
  children,
}: {
  /** The list's name, for the menu and for keeping its choice. */
  list: string;
  columns: FittedColumn<T>[];
  selectable?: boolean;
  children: (columns: DataTableColumn<T>[]) => ReactNode;
}) {
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const frame = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, frame);
  const [chosen, setChosen] = useLocalStorage<Record<string, boolean>>({ key: `admin-columns:${list}`, defaultValue: {} });
  // How many more columns gave way at this width because the drawn rows ran past the edge anyway.
  const [overflow, setOverflow] = useState({ width: 0, fewer: 0 });
  const fewer = overflow.width === width ? overflow.fewer : 0;
  const keyOf = (column: DataTableColumn<T>) => String(column.accessor);
  const rooms = columns.map((column) => ({ key: keyOf(column), room: column.room ?? 0, yields: column.yields }));
  // Until the width is known every column is shown, as the list was before it was measured.
  const fitting = width ? columnsThatFit(rooms, width - (selectable ? SELECTION_ROOM : 0), fewer) : null;
  const shown = (column: DataTableColumn<T>) => chosen[keyOf(column)] ?? fitting?.has(keyOf(column)) ?? true;
  const picked = columns.filter(shown);
  const optional = columns.filter((column) => column.title !== '' && column.yields !== undefined);

  // The rooms are estimates; a long name or a wide date format can still push the table past the
  // edge. Measured after each drawing, so the next column gives way before anyone sees it cut off.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs after every drawing on purpose; `fewer < columnsThatMayYield` bounds the updates
  useLayoutEffect(() => {
    const table = frame.current?.querySelector('table');
    if (!width || !frame.current || !table) return;
    const runsPast = table.getBoundingClientRect().width > frame.current.getBoundingClientRect().width + 1;
    if (runsPast && fewer < columnsThatMayYield(rooms)) setOverflow({ width, fewer: fewer + 1 });
  });

  return (
    <div ref={ref}>
      {(picked.length < columns.length || Object.keys(chosen).length > 0) && (
        <Group justify="flex-end" mb="xs">
          {/* Inside the frame, not in a portal, so its checkboxes are sized for a finger like the rest. */}
          <Popover position="bottom-end" withinPortal={false} shadow="md">
            <Popover.Target>
              <Button variant="default" size="sm" leftSection={<IconColumns size={16} />} aria-label={`Columns of ${list}: ${picked.length} of ${columns.length} shown`}>
                Columns ({picked.length} of {columns.length})
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={0} role="group" aria-label={`Columns shown in ${list}`}>
                {optional.map((column) => (
                  <Checkbox
                    key={keyOf(column)}
                    label={typeof column.title === 'string' ? column.title : keyOf(column)}
                    checked={shown(column)}
                    onChange={(event) => setChosen({ ...chosen, [keyOf(column)]: event.currentTarget.checked })}
                  />
                ))}
                {Object.keys(chosen).length > 0 && (
                  <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setChosen({})}>
                    Fit to the screen again
                  </Button>
                )}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Group>
      )}
      {children(columns.map(({ room: _room, yields: _yields, ...column }) => ({ ...column, hidden: !shown(column) })))}
    </div>
  );
}
