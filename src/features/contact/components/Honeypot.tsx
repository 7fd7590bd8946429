import { HONEYPOT_FIELD } from '@shared/enquiry-fields.ts';
import classes from './Honeypot.module.css';

/**
 * A field people never see or hear (off-screen, hidden from screen readers, out of the tab order)
 * and bots fill in. The server drops any enquiry that arrives with it filled.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className={classes.trap} aria-hidden="true">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input
        id={`hp-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
