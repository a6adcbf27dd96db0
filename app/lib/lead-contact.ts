/**
 * How the admin reaches a lead from its page (docs/decisions/0129-one-page-per-lead.md): the
 * addresses of the call, e-mail and WhatsApp buttons. Browser-safe.
 */
import { SITE_NAME, whatsappLink } from "./site";

/** `tel:` wants the digits and a leading `+`, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The number as wa.me wants it: the country code and the digits. A number typed with `+` carries
 * its own code; one of 10 or 11 digits is Brazilian (area code + number) and gets 55 in front.
 * Null when there are too few digits to be a phone.
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 8) return null;
  if (phone.trim().startsWith("+")) return digits;
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

/** The first words the admin sends on WhatsApp, already typed (they can edit them before sending). */
export function leadGreeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return `Olá${first ? `, ${first}` : ""}! Aqui é da ${SITE_NAME}, sobre o seu contato pelo nosso site.`;
}

export function leadWhatsappHref(phone: string, name: string | null | undefined): string | null {
  const number = whatsappNumber(phone);
  return number ? whatsappLink(number, leadGreeting(name)) : null;
}
