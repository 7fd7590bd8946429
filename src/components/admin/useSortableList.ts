import { closestCenter, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DndContextProps, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** How a list's moves are spoken: an item's place ("day 3", "number 3"), and where it is when over none. */
export interface SortableWords {
  place: (position: number) => string;
  nowhere: string;
  /** Read when a handle takes the focus. */
  instructions: string;
}

/**
 * A list reordered by drag and drop with a mouse, a finger (after a short press, so the page still
 * scrolls) or the keyboard, spoken as it moves with the items' names rather than their ids. Gives
 * the DndContext's props; onMove gets the item's old and new index once it is dropped elsewhere.
 */
export function useSortableList<T>({
  items,
  idOf,
  nameOf,
  words,
  onMove,
}: {
  items: readonly T[];
  idOf: (item: T) => UniqueIdentifier;
  nameOf: (item: T, index: number) => string;
  words: SortableWords;
  onMove: (from: number, to: number) => void;
}): DndContextProps {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => idOf(item) === id);
  const name = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index === -1 ? 'The item' : nameOf(items[index], index);
  };
  const place = (id: UniqueIdentifier) => words.place(indexOf(id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. Arrow keys move it, Space drops it, Escape puts it back.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} would become ${place(over.id)}.` : `${name(active.id)} is not over ${words.nowhere}.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped as ${place(over.id)}.` : `${name(active.id)} put back.`),
    onDragCancel: ({ active }) => `Move cancelled: ${name(active.id)} stays ${place(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
  };
  return { sensors, collisionDetection: closestCenter, onDragEnd, accessibility: { announcements, screenReaderInstructions: { draggable: words.instructions } } };
}
