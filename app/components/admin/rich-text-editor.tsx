import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../utils/use-translation";

const toolButton = "rounded-md px-2.5 py-1.5 text-sm font-semibold text-navy-900 hover:bg-navy-50 aria-pressed:bg-navy-900 aria-pressed:text-white";

/** The formatting buttons, a real toolbar: one Tab stop, arrows move between the buttons (WAI-ARIA toolbar). */
function Toolbar({ editor, labelledBy }: { editor: Editor; labelledBy: string }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState("");
  const hrefId = useId();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      heading: current.isActive("heading", { level: 2 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const buttons = [
    { key: "bold", label: t("admin.pages.editor.bold"), pressed: state.bold, run: () => editor.chain().focus().toggleBold().run(), text: "B" },
    { key: "italic", label: t("admin.pages.editor.italic"), pressed: state.italic, run: () => editor.chain().focus().toggleItalic().run(), text: "I" },
    {
      key: "heading",
      label: t("admin.pages.editor.heading"),
      pressed: state.heading,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
      text: "H2",
    },
    {
      key: "bulletList",
      label: t("admin.pages.editor.bulletList"),
      pressed: state.bulletList,
      run: () => editor.chain().focus().toggleBulletList().run(),
      text: "•",
    },
    {
      key: "orderedList",
      label: t("admin.pages.editor.orderedList"),
      pressed: state.orderedList,
      run: () => editor.chain().focus().toggleOrderedList().run(),
      text: "1.",
    },
    {
      key: "link",
      label: t("admin.pages.editor.link"),
      pressed: state.link,
      run: () => {
        setHref((editor.getAttributes("link").href as string | undefined) ?? "https://");
        setLinkOpen(true);
      },
      text: t("admin.pages.editor.link"),
    },
  ];
  const applyLink = () => {
    const value = href.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (value === "" || value === "https://") chain.unsetLink().run();
    else chain.setLink({ href: value }).run();
    setLinkOpen(false);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const all = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button[data-tool]"));
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    all[(at + (event.key === "ArrowRight" ? 1 : all.length - 1)) % all.length]?.focus();
  };
  return (
    <div className="border-b border-navy-900/10 bg-navy-50/40 p-1.5">
      <div role="toolbar" aria-label={t("admin.pages.editor.toolbar")} aria-controls={labelledBy} className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
        {buttons.map((button, index) => (
          <button
            key={button.key}
            type="button"
            data-tool
            tabIndex={index === 0 ? 0 : -1}
            className={toolButton}
            aria-pressed={button.pressed}
            aria-label={button.label}
            title={button.label}
            // The editor keeps focus and caret while a button is pressed with the pointer: otherwise
            // its focus returns a frame later and a key typed meanwhile loses the toggled mark.
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
          >
            <span aria-hidden="true" className={button.key === "italic" ? "italic" : undefined}>
              {button.text}
            </span>
          </button>
        ))}
      </div>
      {linkOpen && (
        <div className="mt-1.5 flex flex-wrap items-end gap-2 p-1">
          <label htmlFor={hrefId} className="text-sm font-semibold text-navy-900">
            {t("admin.pages.editor.linkAddress")}
            <input
              id={hrefId}
              type="url"
              value={href}
              autoFocus
              onChange={(event) => setHref(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  applyLink();
                }
                if (event.key === "Escape") setLinkOpen(false);
              }}
              className="mt-1 block w-72 max-w-full rounded-lg border border-navy-900/20 bg-white px-3 py-1.5 text-base font-normal text-ink"
            />
          </label>
          <button type="button" className={toolButton} onClick={applyLink}>
            {t("admin.pages.editor.applyLink")}
          </button>
          <button type="button" className={toolButton} onClick={() => setLinkOpen(false)}>
            {t("admin.pages.editor.cancel")}
          </button>
        </div>
      )}
    </div>
  );
}

function TiptapField({
  name,
  initialHtml,
  labelId,
  describedBy,
  lang,
  onChange,
}: {
  name: string;
  initialHtml: string;
  labelId: string;
  describedBy: string | undefined;
  lang: string;
  onChange?: ((html: string) => void) | undefined;
}) {
  const [html, setHtml] = useState(initialHtml);
  const editorId = useId();
  const editor = useEditor({
    immediatelyRender: false,
    // Only what the sanitizer keeps (server/rich-text.ts): no code, strike-through or rules.
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"] },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id: editorId,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        lang,
        class: "rich-text min-h-48 px-3.5 py-3 text-base text-ink outline-none",
      },
    },
    onUpdate: ({ editor: current }) => {
      setHtml(current.getHTML());
      onChange?.(current.getHTML());
    },
  });
  return (
    <div className="mt-1.5 rounded-lg border border-navy-900/20 bg-white shadow-sm focus-within:border-navy-700 focus-within:ring-2 focus-within:ring-navy-700/20">
      {editor && <Toolbar editor={editor} labelledBy={editorId} />}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

/**
 * A content page's rich text: Tiptap (bold, italic, heading, lists, links) once scripts run; before
 * that, and without JavaScript, a plain HTML textarea under the same name. Either way the server
 * sanitizes what is posted (server/rich-text.ts).
 */
export function RichTextEditor(props: {
  id: string;
  name: string;
  label: string;
  initialHtml: string;
  error?: string | undefined;
  errorId: string;
  hint: string;
  lang: string;
  /** For editors that keep the text in their own state (the form builder) rather than in a posted form. */
  onChange?: (html: string) => void;
}) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const labelId = `${props.id}-label`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.error ? props.errorId : null, enhanced ? null : hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      {enhanced ? (
        <span id={labelId} className="block text-sm font-semibold text-navy-900">
          {props.label}
        </span>
      ) : (
        <label id={labelId} htmlFor={props.id} className="block text-sm font-semibold text-navy-900">
          {props.label}
        </label>
      )}
      {enhanced ? (
        <TiptapField
          name={props.name}
          initialHtml={props.initialHtml}
          labelId={labelId}
          describedBy={describedBy}
          lang={props.lang}
          onChange={props.onChange}
        />
      ) : (
        <>
          <textarea
            id={props.id}
            name={props.name}
            defaultValue={props.initialHtml}
            onChange={props.onChange ? (event) => props.onChange?.(event.target.value) : undefined}
            rows={12}
            lang={props.lang}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={describedBy}
            className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3.5 py-2.5 font-mono text-sm text-ink shadow-sm"
          />
          <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
            {props.hint}
          </p>
        </>
      )}
      {props.error && (
        <p id={props.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
