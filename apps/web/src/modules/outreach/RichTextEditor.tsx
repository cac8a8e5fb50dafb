import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  AArrowDown,
  AArrowUp,
  Bold,
  CornerDownLeft,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** The body's font sizes, smallest to largest; 1em is the e-mail's own size (no style). */
export const FONT_SIZES = ['0.875em', '1em', '1.125em', '1.25em', '1.5em'] as const;
const BASE_SIZE = '1em';

const LINK_PROTOCOLS = ['http', 'https', 'mailto'];
const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

/** One step smaller or larger than the current size, or null at either end. */
export function stepFontSize(current: string | null | undefined, by: 1 | -1): string | null {
  const index = (FONT_SIZES as readonly string[]).indexOf(current ?? BASE_SIZE);
  const from = index === -1 ? FONT_SIZES.indexOf(BASE_SIZE) : index;
  return FONT_SIZES[from + by] ?? null;
}

interface TRichTextEditorProps {
  /** The starting HTML; later changes to it are not pushed into the editor (it is the source). */
  value: string;
  onChange: (html: string) => void;
  /** The recipient's name: the editor is 'Email body for {contact}'. */
  contact: string;
  /** For tests and callers that drive the editor directly. */
  onReady?: (editor: Editor) => void;
  className?: string;
}

/**
 * The e-mail body's rich-text editor (spec 002 §2.6 step 3): bold, italic, lists, links, line
 * breaks and font size; a paste is plain text only, so formatting from elsewhere never comes in.
 */
export function RichTextEditor({ value, onChange, contact, onReady, className }: TRichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        code: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          protocols: LINK_PROTOCOLS,
          defaultProtocol: 'https',
          isAllowedUri: (url) => ALLOWED_LINK.test(url.trim()),
        },
      }),
      TextStyle,
      FontSize,
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': `Email body for ${contact}`,
        class: 'prose-email min-h-40 px-3 py-2 text-sm text-slate-900 focus:outline-none',
      },
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain');
        if (text === undefined) return false;
        event.preventDefault();
        view.dispatch(view.state.tr.insertText(text).scrollIntoView());
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  const ready = useRef(onReady);
  useEffect(() => {
    if (editor) ready.current?.(editor);
  }, [editor]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      fontSize: (e?.getAttributes('textStyle').fontSize as string | undefined) ?? BASE_SIZE,
    }),
  });

  const setSize = (by: 1 | -1) => {
    if (!editor) return;
    const size = stepFontSize(state?.fontSize, by);
    if (size === null) return;
    if (size === BASE_SIZE) editor.chain().focus().unsetFontSize().run();
    else editor.chain().focus().setFontSize(size).run();
  };

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt('Link URL', previous);
    if (url === null) return;
    const href = url.trim();
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  const tools: { label: string; icon: LucideIcon; active?: boolean; disabled?: boolean; run: () => void }[] = [
    { label: 'Bold', icon: Bold, active: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { label: 'Italic', icon: Italic, active: state?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    {
      label: 'Bullet list',
      icon: List,
      active: state?.bullet,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      icon: ListOrdered,
      active: state?.ordered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
    { label: 'Link', icon: LinkIcon, active: state?.link, run: setLink },
    { label: 'Line break', icon: CornerDownLeft, run: () => editor?.chain().focus().setHardBreak().run() },
    {
      label: 'Smaller text',
      icon: AArrowDown,
      disabled: stepFontSize(state?.fontSize, -1) === null,
      run: () => setSize(-1),
    },
    {
      label: 'Larger text',
      icon: AArrowUp,
      disabled: stepFontSize(state?.fontSize, 1) === null,
      run: () => setSize(1),
    },
  ];

  return (
    <div
      className={cn(
        'rounded-md border border-slate-300 bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30',
        className,
      )}
    >
      <div
        role="toolbar"
        aria-label={`Formatting for ${contact}`}
        className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1"
      >
        {tools.map((t) => (
          <button
            key={t.label}
            type="button"
            aria-label={t.label}
            title={t.label}
            aria-pressed={t.active === undefined ? undefined : t.active}
            disabled={!editor || t.disabled}
            // Keep the editor's selection: the click must not move focus before the command runs.
            onMouseDown={(e) => e.preventDefault()}
            onClick={t.run}
            className={cn(
              'rounded p-1.5 text-slate-700 hover:bg-slate-100 disabled:opacity-40',
              t.active && 'bg-brand-50 text-brand-800',
            )}
          >
            <t.icon className="h-4 w-4" aria-hidden />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
