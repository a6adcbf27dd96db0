/**
 * Rich-text editor of post content (TipTap, HTML out). Loaded lazily by the admin post form only,
 * so its weight never reaches the public pages. The server sanitises whatever it produces.
 */
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Toolbar as ToolbarPrimitive } from "radix-ui";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Undo2,
} from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** id of the visible label of the field. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Uploads an image and resolves to its URL (errors are reported by the caller). */
  uploadImage: (file: File) => Promise<string | null>;
}

/** Links only to the web, e-mail, phone or this site; a bare domain gets https://. */
export function normaliseLink(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value) || /^\/(?!\/)/.test(value) || value.startsWith("#")) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // javascript:, data:, ...
  return `https://${value}`;
}

export default function RichTextEditor({ value, onChange, labelledBy, describedBy, invalid, uploadImage }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" },
        },
      }),
      Image.configure({ HTMLAttributes: { loading: "lazy" } }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: "prose-content min-h-72 px-4 py-3 focus:outline-none",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // Keep aria-invalid/aria-describedby in step with validation.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          class: "prose-content min-h-72 px-4 py-3 focus:outline-none",
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelledBy,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(invalid ? { "aria-invalid": "true" } : {}),
        },
      },
    });
  }, [editor, invalid, describedBy, labelledBy]);

  return (
    <div
      className={cn(
        "overflow-hidden rounded-lg border bg-background shadow-xs focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2",
        invalid ? "border-destructive" : "border-input",
      )}
    >
      {editor ? <Toolbar editor={editor} uploadImage={uploadImage} /> : <div className="h-12 border-b border-border bg-muted" />}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="flex min-h-72 items-center justify-center text-muted-foreground">
          <Spinner />
        </div>
      )}
    </div>
  );
}

type Bar = { kind: "link"; href: string } | { kind: "image"; src: string; alt: string } | null;

function Toolbar({ editor, uploadImage }: { editor: Editor; uploadImage: RichTextEditorProps["uploadImage"] }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      code: e.isActive("code"),
      codeBlock: e.isActive("codeBlock"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [bar, setBar] = useState<Bar>(null);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const barInputId = useId();

  const chain = () => editor.chain().focus();

  function openLinkBar() {
    setBar({ kind: "link", href: (editor.getAttributes("link").href as string | undefined) ?? "" });
  }

  function applyLink() {
    if (bar?.kind !== "link") return;
    const href = normaliseLink(bar.href);
    if (href) chain().extendMarkRange("link").setLink({ href }).run();
    else chain().extendMarkRange("link").unsetLink().run();
    setBar(null);
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const src = await uploadImage(file);
      if (src) setBar({ kind: "image", src, alt: file.name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ") });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  function insertImage() {
    if (bar?.kind !== "image") return;
    chain().setImage({ src: bar.src, alt: bar.alt.trim() }).run();
    setBar(null);
  }

  return (
    <div className="border-b border-border bg-muted">
      {/* One Tab stop; the arrow keys, Home and End move between the tools (Radix's roving tabindex). */}
      <ToolbarPrimitive.Root aria-label="Formatação do conteúdo" className="flex flex-wrap items-center gap-0.5 p-1.5">
        <Tool label="Seção (H2)" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 />
        </Tool>
        <Tool label="Subseção (H3)" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 />
        </Tool>
        <Separator />
        <Tool label="Negrito" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <Bold />
        </Tool>
        <Tool label="Itálico" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic />
        </Tool>
        <Tool label="Tachado" active={state.strike} onClick={() => chain().toggleStrike().run()}>
          <Strikethrough />
        </Tool>
        <Tool label="Código" active={state.code} onClick={() => chain().toggleCode().run()}>
          <Code />
        </Tool>
        <Separator />
        <Tool label="Lista com marcadores" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <List />
        </Tool>
        <Tool label="Lista numerada" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered />
        </Tool>
        <Tool label="Citação" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
          <Quote />
        </Tool>
        <Tool label="Bloco de código" active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
          <SquareCode />
        </Tool>
        <Tool label="Linha divisória" onClick={() => chain().setHorizontalRule().run()}>
          <Minus />
        </Tool>
        <Separator />
        <Tool label="Link" active={state.link} onClick={openLinkBar}>
          <Link2 />
        </Tool>
        <Tool label={uploading ? "Enviando imagem…" : "Inserir imagem"} onClick={() => fileRef.current?.click()} disabled={uploading}>
          {uploading ? <Spinner className="size-4" /> : <ImagePlus />}
        </Tool>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Separator />
        <Tool label="Desfazer" onClick={() => chain().undo().run()} disabled={!state.canUndo}>
          <Undo2 />
        </Tool>
        <Tool label="Refazer" onClick={() => chain().redo().run()} disabled={!state.canRedo}>
          <Redo2 />
        </Tool>
      </ToolbarPrimitive.Root>
      {bar && (
        <div className="flex flex-col gap-2 border-t border-border bg-background p-2 sm:flex-row sm:items-center">
          <label htmlFor={barInputId} className="shrink-0 text-sm font-medium">
            {bar.kind === "link" ? "Endereço do link" : "Texto alternativo da imagem"}
          </label>
          <Input
            id={barInputId}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the link field the admin just asked for
            autoFocus
            className="h-9"
            placeholder={bar.kind === "link" ? "https://exemplo.com.br" : "Descreva a imagem"}
            value={bar.kind === "link" ? bar.href : bar.alt}
            onChange={(e) => setBar(bar.kind === "link" ? { ...bar, href: e.target.value } : { ...bar, alt: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                if (bar.kind === "link") applyLink();
                else insertImage();
              }
              if (e.key === "Escape") {
                e.preventDefault();
                e.stopPropagation();
                setBar(null);
                editor.commands.focus();
              }
            }}
          />
          <div className="flex shrink-0 gap-2">
            <Button size="sm" onClick={bar.kind === "link" ? applyLink : insertImage}>
              {bar.kind === "link" ? "Aplicar" : "Inserir"}
            </Button>
            {bar.kind === "link" && state.link && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  chain().extendMarkRange("link").unsetLink().run();
                  setBar(null);
                }}
              >
                Remover link
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setBar(null)}>
              Cancelar
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ToolbarPrimitive.Button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // A click leaves the focus in the text: Tiptap gives it back only on the next animation
      // frame, and a key typed before that (a fast typist, a busy phone) went to the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-foreground transition-colors hover:bg-background",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-40",
        "[&_svg]:size-4",
        active && "bg-background text-primary shadow-xs",
      )}
    >
      {children}
    </ToolbarPrimitive.Button>
  );
}

function Separator() {
  return <ToolbarPrimitive.Separator className="mx-1 h-6 w-px bg-border" />;
}
