import classes from './StarRating.module.css';

// A five-pointed star in a 24-unit cell; five cells make the row.
const STAR = 'M12 2.6l2.8 5.9 6.5.8-4.8 4.5 1.2 6.4L12 17.1l-5.7 3.1 1.2-6.4-4.8-4.5 6.5-.8z';

function StarRow() {
  return (
    <svg viewBox="0 0 120 24" className={classes.row} aria-hidden focusable="false">
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR} transform={`translate(${x} 0)`} />
      ))}
    </svg>
  );
}

/**
 * Read-only stars: a review's rating, or a tour's average to a tenth (the filled row is cut at the
 * value). Static markup, no script: Mantine's Rating is an input, and brought a chunk of its own and
 * five components a star to every page that shows a review. Named by `label` as an image; without
 * one it is hidden from assistive technology, for a text beside it that says the same.
 */
export function StarRating({ value, size = 'md', label, className }: { value: number; size?: 'sm' | 'md'; label?: string; className?: string }) {
  const filled = Math.round(Math.min(Math.max(value, 0), 5) * 10) / 10;
  return (
    <span
      className={`${classes.stars} ${className ?? ''}`}
      data-size={size}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <StarRow />
      <span className={classes.filled} style={{ width: `${filled * 20}%` }}>
        <StarRow />
      </span>
    </span>
  );
}
