import { DOOR_AREA, doorCode, type DoorKind } from '@shared/contracts/door.contract';
import { isConfirmationCode } from '@shared/contracts/internal-events.contract';

/** What differs at the door between the two kinds of event: their paths, their area and their code's format. */
export interface DoorKindInfo {
  kind: DoorKind;
  /** The API's and the web's path segment ('eventos-externos'). */
  segment: 'eventos-externos' | 'eventos-internos';
  area: (typeof DOOR_AREA)[DoorKind];
  /** Where "Volver al evento" goes. */
  eventPath: (id: number) => string;
  /** The format of a code (the server's adapters check the same: external-events/door.adapter.ts, internal-events/door.adapter.ts). */
  isCode: (code: string) => boolean;
  codeLength: number;
  /** What the person shows: the confirmation mail's access code or the invitation's code. */
  codeLabel: string;
}

export const DOOR_KIND_INFO: Record<DoorKind, DoorKindInfo> = {
  externo: {
    kind: 'externo',
    segment: 'eventos-externos',
    area: DOOR_AREA.externo,
    eventPath: (id) => `/eventos-externos/${id}/registros`,
    isCode: (code) => /^[A-Z0-9]{8}$/.test(code),
    codeLength: 8,
    codeLabel: 'Código de acceso (8 caracteres)',
  },
  interno: {
    kind: 'interno',
    segment: 'eventos-internos',
    area: DOOR_AREA.interno,
    eventPath: (id) => `/eventos-internos/${id}`,
    isCode: isConfirmationCode,
    codeLength: 5,
    codeLabel: 'Código de la invitación (5 caracteres)',
  },
};

/** The door page of an event: /eventos-externos/{id}/puerta, /eventos-internos/{id}/puerta. */
export const doorPath = (kind: DoorKind, id: number) => `/${DOOR_KIND_INFO[kind].segment}/${id}/puerta`;

/** A typed or scanned value as the door judges it: trimmed, upper case; a QR link gives its ?codigo= (shared with the server). */
export const normalizeScan = doorCode;
