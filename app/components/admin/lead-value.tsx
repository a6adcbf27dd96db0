/** How the admin shows one lead field (always as text: React escapes whatever a visitor typed). */
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import { consultationStatusLabel } from "~/lib/lead-fields";
import { subscriptionStatusLabel, type LeadField } from "~/lib/lead-types";
import { adminLeadMessages } from "~/lib/messages/leads";
import { formPlaceLabel } from "~/lib/origin";

export function LeadValue({ field, value, truncate }: { field: LeadField; value: unknown; truncate?: boolean }) {
  if (value === null || value === undefined || value === "") {
    return <span className="italic text-muted-foreground">{adminLeadMessages.notInformed}</span>;
  }
  const text = String(value);
  switch (field.kind) {
    case "date":
      return <span className="whitespace-nowrap">{formatDateTime(value as string | Date)}</span>;
    case "status":
      return <Badge variant={text === "pending" ? "secondary" : "default"}>{consultationStatusLabel(text)}</Badge>;
    case "place":
      return <span className={truncate ? "block min-w-28 max-w-64 break-words" : "break-words"}>{formPlaceLabel(text)}</span>;
    case "subscription":
      return <Badge variant={text === "active" ? "success" : "outline"}>{subscriptionStatusLabel(text)}</Badge>;
    case "email":
      return (
        <a
          href={`mailto:${text}`}
          className={truncate ? "whitespace-nowrap text-primary hover:underline" : "break-all text-primary hover:underline"}
        >
          {text}
        </a>
      );
    case "url":
      // Only http(s) links are accepted at submission; the check here is a second lock.
      return /^https?:\/\//i.test(text) ? (
        <a href={text} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary hover:underline">
          {text}
        </a>
      ) : (
        <span className="break-all">{text}</span>
      );
    case "long":
      return truncate ? (
        <span className="line-clamp-2 block min-w-64 max-w-md break-words">{text}</span>
      ) : (
        <span className="whitespace-pre-line break-words">{text}</span>
      );
    default:
      return <span className={truncate ? "block min-w-28 max-w-64 break-words" : "break-words"}>{text}</span>;
  }
}
