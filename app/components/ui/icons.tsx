/**
 * The site's icons (drawn by lucide, https://lucide.dev): each one a reference into one cached
 * sprite file (icon-sprite.svg, written by `npm run icons` from this list) instead of its paths
 * written into the page at every use. A page carries a few bytes per icon, its render builds no
 * path elements, and the browser caches the drawings once for every page (docs/decisions/0057).
 * To add an icon: export it below with lucide's name and its kebab-case id, then `npm run icons`.
 */
import spriteUrl from "./icon-sprite.svg?no-inline";
import type { ReactElement, SVGProps } from "react";

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
}

/** An icon component (the type lucide calls `Icon`). */
export type Icon = ((props: IconProps) => ReactElement) & { displayName?: string };

function icon(id: string): Icon {
  // Stroke and fill come from the `icon` class (app.css): inherited into the sprite's drawing.
  function SpriteIcon({ size = 24, className, strokeWidth, style, ...rest }: IconProps) {
    // Decorative unless labelled, as lucide's own components are.
    const labelled = Object.keys(rest).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        className={className ? `icon ${className}` : "icon"}
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        aria-hidden={labelled ? undefined : true}
        {...rest}
      >
        <use href={`${spriteUrl}#${id}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = id;
  return SpriteIcon;
}

export const AlertCircle = icon("alert-circle");
export const ArrowDown = icon("arrow-down");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const BarChart3 = icon("bar-chart-3");
export const Blocks = icon("blocks");
export const Bold = icon("bold");
export const BookOpen = icon("book-open");
export const Bot = icon("bot");
export const BrainCircuit = icon("brain-circuit");
export const Briefcase = icon("briefcase");
export const Bug = icon("bug");
export const Cable = icon("cable");
export const CalendarCheck = icon("calendar-check");
export const CalendarDays = icon("calendar-days");
export const Check = icon("check");
export const CheckCircle2 = icon("check-circle-2");
export const ChevronDown = icon("chevron-down");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const ChevronUp = icon("chevron-up");
export const ClipboardList = icon("clipboard-list");
export const Clock = icon("clock");
export const Cloud = icon("cloud");
export const CloudCog = icon("cloud-cog");
export const Code = icon("code");
export const Coins = icon("coins");
export const Compass = icon("compass");
export const Copy = icon("copy");
export const Crown = icon("crown");
export const DatabaseZap = icon("database-zap");
export const Download = icon("download");
export const ExternalLink = icon("external-link");
export const Eye = icon("eye");
export const FileJson = icon("file-json");
export const FileSignature = icon("file-signature");
export const FileText = icon("file-text");
export const Filter = icon("filter");
export const FlaskConical = icon("flask-conical");
export const GraduationCap = icon("graduation-cap");
export const Handshake = icon("handshake");
export const Heading2 = icon("heading-2");
export const Heading3 = icon("heading-3");
export const Headset = icon("headset");
export const HeartHandshake = icon("heart-handshake");
export const HeartPulse = icon("heart-pulse");
export const History = icon("history");
export const Home = icon("home");
export const ImagePlus = icon("image-plus");
export const Inbox = icon("inbox");
export const Info = icon("info");
export const Italic = icon("italic");
export const KeyRound = icon("key-round");
export const Laptop = icon("laptop");
export const LayoutDashboard = icon("layout-dashboard");
export const Lightbulb = icon("lightbulb");
export const LineChart = icon("line-chart");
export const Link2 = icon("link-2");
export const List = icon("list");
export const ListOrdered = icon("list-ordered");
export const LoaderCircle = icon("loader-circle");
export const LockKeyhole = icon("lock-keyhole");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MailCheck = icon("mail-check");
export const MailX = icon("mail-x");
export const Map = icon("map");
export const MapPin = icon("map-pin");
export const Menu = icon("menu");
export const MessageCircle = icon("message-circle");
export const MessageSquare = icon("message-square");
export const MessageSquareText = icon("message-square-text");
export const MessagesSquare = icon("messages-square");
export const Minus = icon("minus");
export const MonitorSmartphone = icon("monitor-smartphone");
export const Newspaper = icon("newspaper");
export const PenTool = icon("pen-tool");
export const Pencil = icon("pencil");
export const Phone = icon("phone");
export const Play = icon("play");
export const Plus = icon("plus");
export const Presentation = icon("presentation");
export const Quote = icon("quote");
export const Receipt = icon("receipt");
export const Redo2 = icon("redo-2");
export const RefreshCw = icon("refresh-cw");
export const Rocket = icon("rocket");
export const RotateCw = icon("rotate-cw");
export const Rss = icon("rss");
export const Scale = icon("scale");
export const ScrollText = icon("scroll-text");
export const Search = icon("search");
export const Send = icon("send");
export const SendHorizontal = icon("send-horizontal");
export const Server = icon("server");
export const Settings2 = icon("settings-2");
export const ShieldAlert = icon("shield-alert");
export const ShieldCheck = icon("shield-check");
export const ShoppingBag = icon("shopping-bag");
export const Smartphone = icon("smartphone");
export const Smile = icon("smile");
export const Sparkles = icon("sparkles");
export const SquareCode = icon("square-code");
export const Star = icon("star");
export const Strikethrough = icon("strikethrough");
export const Target = icon("target");
export const Telescope = icon("telescope");
export const Trash2 = icon("trash-2");
export const TrendingUp = icon("trending-up");
export const Trophy = icon("trophy");
export const Undo2 = icon("undo-2");
export const Workflow = icon("workflow");
export const X = icon("x");
export const Zap = icon("zap");
