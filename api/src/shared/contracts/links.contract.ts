/**
 * What a signed link may do (core/links/signed-links.ts signs and checks them): one purpose per link, checked on use,
 * so a cancel link never accepts an offer and a token of one table never names a row of another. An area that mails
 * a new kind of link adds its purpose here, not in core.
 */
export const LINK_PURPOSES = [
  'cancel-registration',
  'accept-waitlist-offer',
  'accept-program-waitlist-offer',
  // Privacy (issue 29 §2): prove the address of an ARCO request (its id); download an access export (the request's
  // id); stop all mail to the address a message went to (the message's id in `correos`).
  'confirm-arco-request',
  'download-arco-export',
  'unsubscribe-mail',
] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
