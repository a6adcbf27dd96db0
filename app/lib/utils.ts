import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** A long technical id as a person compares it: its last 8 characters (the whole id stays in a tooltip). */
export function shortId(id: string): string {
  return id.length > 12 ? `…${id.slice(-8)}` : id;
}
