import type { ButtonHTMLAttributes } from 'react';
import { Button } from './button';
import type { RowEditing } from './data-table';
import { ExternalLinkIcon, StarIcon } from './icons';
import './row-actions.css';

/** A small button in a row's actions: secondary, or danger for removals. */
export function RowButton({
  tone = 'secondary',
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & { tone?: 'secondary' | 'danger'; 'data-testid'?: string }) {
  return <Button variant={tone} size="sm" {...button} />;
}

/** A row's 'Reenviar' button: sends the row's message or delivery again (`aria-label` names which). */
export function ResendButton(button: Omit<Parameters<typeof RowButton>[0], 'children' | 'tone'>) {
  return <RowButton {...button}>Reenviar</RowButton>;
}

/**
 * A row's 'Editar' and 'Eliminar' buttons, each shown when the list's `editing` allows it (and, for 'Eliminar', when the
 * row is `deletable`); `name` ends their accessible names ('Editar …', 'Eliminar …') and `kind` their test ids
 * (`edit-${kind}`, `delete-${kind}`).
 */
export function EditDeleteButtons<T extends { id: number }>({
  row,
  name,
  kind,
  editing: { can, busyId, onEdit, onDelete },
  deletable = true,
}: {
  row: T;
  name: string;
  kind: string;
  editing: RowEditing<T>;
  deletable?: boolean;
}) {
  return (
    <>
      {can.edit ? (
        <RowButton onClick={() => onEdit(row)} aria-label={`Editar ${name}`} data-testid={`edit-${kind}`}>
          Editar
        </RowButton>
      ) : null}
      {can.delete && deletable ? (
        <RowButton
          tone="danger"
          onClick={() => onDelete(row)}
          disabled={busyId === row.id}
          aria-label={`Eliminar ${name}`}
          data-testid={`delete-${kind}`}
        >
          Eliminar
        </RowButton>
      ) : null}
    </>
  );
}

/** The star that features a record on the public pages (or stops featuring it). */
export function FeaturedToggle({
  featured,
  name,
  featureTitle,
  disabled,
  onToggle,
}: {
  featured: boolean;
  /** The record's name, in the accessible label. */
  name: string;
  /** The tooltip while it is not featured ('Destacar evento'). */
  featureTitle: string;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`star-toggle ${featured ? 'star-toggle--on' : ''}`}
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={featured}
      aria-label={featured ? `Quitar destacado de ${name}` : `Destacar ${name}`}
      title={featured ? 'Quitar destacado' : featureTitle}
      data-testid="toggle-featured"
    >
      <StarIcon size={18} filled={featured} />
    </button>
  );
}

/** A link to a record's public page, opened in a new tab. */
export function PublicPageLink({ href, label, ariaLabel }: { href: string; label: string; ariaLabel: string }) {
  return (
    <a className="icon-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={ariaLabel} data-testid="view-public">
      <ExternalLinkIcon size={16} /> {label}
    </a>
  );
}
