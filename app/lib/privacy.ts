/**
 * Versions of the legal texts. A consent record stores the version the person accepted, so a
 * new text gets a new version (and a new date) here.
 */
export const PRIVACY_POLICY_VERSION = "1.0 (22/11/2026)";
export const TERMS_VERSION = "1.0 (22/11/2026)";
export const LEGAL_UPDATED_AT = "22 de novembro de 2026";

/** Purposes recorded in consent_records.purpose. */
export const CONSENT_PURPOSES = {
  newsletter: "newsletter",
  contactPolicy: "contact-policy",
} as const;
