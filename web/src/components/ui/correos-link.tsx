import { Link } from 'react-router-dom';
import { mailRefTypesFor, type MailRefType } from '@shared/contracts/mail.contract';
import { useSession } from '../../lib/auth';
import { correosPathFor } from '../../lib/correos-filter';
import { EnvelopeIcon } from './icons';

/**
 * 'Correos del evento' (or del programa): the Correos screen filtered to this record, shown only to whom may read
 * its messages (the server's rule, mailRefTypesFor: docs/decisions/correos.md «Quién ve los correos»).
 */
export function CorreosLink({
  refType,
  refId,
  label,
  className,
}: {
  refType: MailRefType;
  refId: number;
  label: string;
  className: string;
}) {
  const { user } = useSession();
  if (!mailRefTypesFor(user, 'view').includes(refType)) return null;
  return (
    <Link className={className} to={correosPathFor(refType, refId)} data-testid="correos-link">
      <EnvelopeIcon size={16} /> {label}
    </Link>
  );
}
