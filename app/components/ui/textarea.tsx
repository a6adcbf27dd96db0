import * as React from "react";
import { cn } from "~/lib/utils";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" rows={rows} className={cn("ui-textarea", className)} {...props} />;
}
