/**
 * Possible duplicate leads (docs/decisions/0147), shared by the lead's page and the server: a lead
 * with the same whole e-mail address (case ignored, never a part of it), or with an address at the
 * same company domain. Free-mail domains say nothing about a company and are never compared.
 */

export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "hotmail.com",
  "hotmail.com.br",
  "outlook.com",
  "outlook.com.br",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.com.br",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "uol.com.br",
  "bol.com.br",
  "terra.com.br",
  "ig.com.br",
  "globo.com",
  "globomail.com",
  "r7.com",
  "protonmail.com",
  "proton.me",
  "gmx.com",
  "zoho.com",
]);

/** The lower-cased whole address, or null. */
export function normalisedEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value && value.includes("@") ? value : null;
}

/** The company's domain of an address ("x.com.br" of "Ana@X.com.br"); null for free mail or no address. */
export function companyDomainOf(email: string | null | undefined): string | null {
  const address = normalisedEmail(email);
  if (!address) return null;
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if (!domain || !domain.includes(".") || FREE_MAIL_DOMAINS.has(domain)) return null;
  return domain;
}

export const duplicateMessages = {
  heading: "Possível duplicado",
  description: "Outros leads com o mesmo e-mail ou o mesmo domínio de empresa.",
  sameEmail: "mesmo e-mail",
  sameDomain: (domain: string) => `mesmo domínio (${domain})`,
  merge: "Mesclar…",
  confirmHeading: "Mesclar estes leads?",
  confirmText:
    "Escolha qual lead continua. O outro fica marcado como mesclado: o que a pessoa enviou continua nele, e as anotações, tarefas e pedidos passam para o lead que continua. A mesclagem fica registrada na auditoria e não pode ser desfeita.",
  keepThis: "Manter este lead",
  keepOther: "Manter o outro lead",
  cancel: "Cancelar",
  mergedBanner: "Este lead foi mesclado em outro.",
  openSurvivor: "Abrir o lead principal",
  mergedHere: "Leads mesclados neste",
  merged: (what: string) => `Lead mesclado neste: ${what}.`,
  done: "Leads mesclados.",
  notFound: "Lead não encontrado.",
  self: "Escolha outro lead para mesclar.",
  alreadyMerged: "Um dos leads já foi mesclado em outro. Abra o lead principal.",
  otherPipeline: "Só leads do funil de vendas podem ser mesclados entre si.",
  editMerged: "Este lead foi mesclado em outro: faça as alterações no lead principal.",
  inboxMark: "possível duplicado",
} as const;
