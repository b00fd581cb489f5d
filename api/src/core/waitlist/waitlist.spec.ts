import type { EntityTarget } from 'typeorm';
import type { LinkPurpose } from '@shared/contracts/links.contract';
import type { MailRefType, MailTemplate } from '@shared/contracts/mail.contract';
import type { WaitlistEntryColumns } from './waitlist-entry.columns';

/**
 * An area's waitlist, declared once in the area (its waitlist service): the entries' table and the record whose places the
 * line waits for, its links, its words and its messages. The owner's table has `status` ('published' takes people),
 * `slug`, `held_places` (places offered and not yet accepted: they count against the limit), `waitlist_count` (people
 * waiting) and `version`; its capacity CHECK (`taken + held_places <= capacity`) guards every move below.
 */
export interface WaitlistSpec<E extends WaitlistEntryColumns> {
  /** The entries: WaitlistEntryColumns, the owner's id and the person. */
  table: string;
  entity: EntityTarget<E>;
  ownerColumn: string;
  /**
   * The person's address. A partial unique index on (ownerColumn, lower(btrim(emailColumn))) WHERE status IN ('pending',
   * 'waiting', 'offered') keeps one active entry per address: the join's ON CONFLICT names it by those columns.
   */
  emailColumn: string;
  owner: {
    table: string;
    /** The limit (NULL: none — every person waiting is offered a place). */
    capacity: string;
    /** Registrations holding a place. */
    taken: string;
    /** SQL over the owner row `o`, besides being published, while places are offered and joins confirmed (TRUE: always). */
    open: string;
    /** SQL over `o`, a timestamptz: no offer or confirmation link lasts past it (`NULL::timestamptz`: none). */
    deadline: string;
  };
  /** The registrations an accepted offer writes (same owner column): an address holding one (`holding`, SQL over `r`) joins nothing. */
  registrations: { table: string; emailColumn: string; holding: string };
  /** The link purposes of the confirmation and the offer (their own per area: one table's token never names another's row). */
  purposes: { confirm: LinkPurpose; accept: LinkPurpose };
  messages: WaitlistMessages;
  mails: WaitlistMail;
}

/**
 * The line's messages: the join's (`confirm`: its confirm link, or — `registered`, at most one an hour — that the address
 * is registered already) and the offer's (`offer`: its accept link), keyed `<template>:<entry>` and
 * `<template>:<entry>:<offer number>`. Links are signed by the renderer. `address`: the recipient as stored, or
 * lower-cased and trimmed (as the area's registration messages write it).
 */
export interface WaitlistMail {
  confirm: MailTemplate;
  offer: MailTemplate;
  registered: string;
  ref: MailRefType;
  address: 'as-given' | 'lower-case';
}

/** The area's own words where the two waitlists speak differently. */
export interface WaitlistMessages {
  /** Joining a record that does not exist (or that the public may not see): 404. */
  notFound: string;
  /** Joining while places are free: 409. */
  placesAvailable: string;
  /** Confirming or accepting once the record closed: 410. */
  closed: string;
  /** Accepting an offer already accepted: 409. */
  offerUsed: string;
  /** Accepting when the address registered meanwhile: 409. */
  duplicate: string;
  /** Staff removing an entry of a record that does not exist: 404. */
  staffNotFound: string;
}
