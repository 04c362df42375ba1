import {
  cloneElement,
  isValidElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "./cx";

export const INPUT_CLASS =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20";

/**
 * A labelled form control: the label above, an optional hint below. The hint sits outside the <label>, so the
 * control's accessible name is the label alone ("Role", not "Role pair:read, …"); it describes the control instead.
 */
export function Field({ label, hint, children, className }: { label: ReactNode; hint?: ReactNode; children: ReactNode; className?: string }) {
  const hintId = useId();
  const control =
    hint && isValidElement(children)
      ? cloneElement(children as ReactElement<{ "aria-describedby"?: string }>, { "aria-describedby": hintId })
      : children;
  return (
    <div className={cx("space-y-1 text-sm", className)}>
      <label className="block space-y-1">
        <span className="block font-medium text-slate-700">{label}</span>
        {control}
      </label>
      {hint && (
        <span id={hintId} className="block text-xs text-slate-500">
          {hint}
        </span>
      )}
    </div>
  );
}

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input className={cx(INPUT_CLASS, className)} {...rest} />;
}

export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea className={cx(INPUT_CLASS, className)} {...rest} />;
}

/** An error or a confirmation under a form (role alert / status, so screen readers announce it). */
export function FormMessage({
  tone,
  children,
  className,
  testId,
}: {
  tone: "error" | "success";
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cx("text-sm", tone === "error" ? "text-red-700" : "text-green-700", className)}
      data-testid={testId}
    >
      {children}
    </p>
  );
}
