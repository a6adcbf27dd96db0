/** Dates of the chat admin pages, in Brasília time on server and browser alike (no hydration drift). */
const dateTime = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});

export function formatChatDate(value: Date | string): string {
  return dateTime.format(new Date(value));
}
