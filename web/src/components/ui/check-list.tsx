import { CheckIcon } from './icons';

/** A public page's list of requirements or benefits, each item behind a check mark. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((item, i) => (
        <li key={i}>
          <CheckIcon size={16} /> {item}
        </li>
      ))}
    </ul>
  );
}
