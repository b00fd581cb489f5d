import { useEffect, useId, useRef, useState } from 'react';
import { ImageIcon } from '../../../components/ui/icons';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '../../../lib/constants';
import { Button } from '../../../components/ui/button';

export const IMAGE_TOO_LARGE = 'La imagen no debe superar los 5MB';
export const IMAGE_INVALID = 'Por favor selecciona una imagen válida (JPG, PNG, GIF, SVG)';

/** The browser's checks of spec 1 §5 (the server decides again by content). Null when the file may be sent. */
export function imageProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk && !(file.type === '' && extensionOk)) return IMAGE_INVALID;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

function revoke(preview: { url: string } | null): void {
  if (preview) URL.revokeObjectURL(preview.url);
}

/**
 * Optional image with preview: a new file (checked here, discarded when invalid), the current image
 * of an event being edited, or none. `onChange(file, removeCurrent)`.
 */
export function ImageField({
  currentUrl,
  file,
  removeCurrent,
  onChange,
  serverError,
}: {
  currentUrl: string | null;
  file: File | null;
  removeCurrent: boolean;
  onChange: (file: File | null, removeCurrent: boolean) => void;
  serverError?: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const previewRef = useRef<{ file: File; url: string } | null>(null);

  // The object URL of the chosen file lives until it is replaced or the form closes.
  useEffect(() => () => revoke(previewRef.current), []);

  const setPreviewFor = (next: File | null) => {
    revoke(previewRef.current);
    const value = next ? { file: next, url: URL.createObjectURL(next) } : null;
    previewRef.current = value;
    setPreview(value);
  };

  const previewUrl = preview && preview.file === file ? preview.url : null;
  const shown = previewUrl ?? (removeCurrent ? null : currentUrl);
  const message = problem ?? serverError ?? null;

  const handleSelect = (selected: File | undefined) => {
    if (!selected) return;
    const issue = imageProblem(selected);
    if (issue) {
      setProblem(issue);
      if (inputRef.current) inputRef.current.value = '';
      setPreviewFor(null);
      onChange(null, removeCurrent);
      return;
    }
    setProblem(null);
    setPreviewFor(selected);
    onChange(selected, removeCurrent);
  };

  const handleRemove = () => {
    setProblem(null);
    if (inputRef.current) inputRef.current.value = '';
    setPreviewFor(null);
    if (file) onChange(null, removeCurrent);
    else onChange(null, true);
  };

  return (
    <div className="field image-field" data-testid="event-image-field">
      <span className="field__label">Imagen del evento (opcional)</span>
      <div className="image-field__row">
        <div className="image-field__preview" data-testid="event-image-preview">
          {shown ? <img src={shown} alt="Vista previa de la imagen del evento" /> : <ImageIcon size={30} />}
        </div>
        <div className="image-field__controls">
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden image-field__input"
            type="file"
            accept=".jpg,.jpeg,.png,.gif,.svg,image/jpeg,image/png,image/gif,image/svg+xml"
            onChange={(e) => handleSelect(e.target.files?.[0])}
            aria-describedby={`${inputId}-hint`}
            aria-invalid={message ? true : undefined}
            data-testid="event-image-input"
          />
          <label htmlFor={inputId} className="btn btn--sm btn--secondary image-field__pick">
            {shown ? 'Cambiar imagen' : 'Seleccionar imagen'}
          </label>
          {file ? <span className="image-field__name">{file.name}</span> : null}
          <p className="field__hint" id={`${inputId}-hint`}>
            JPG, PNG, GIF o SVG de hasta 5 MB.
          </p>
          {shown ? (
            <Button variant="ghost" size="sm" onClick={handleRemove} data-testid="event-image-remove">
              Quitar imagen
            </Button>
          ) : null}
          {message ? (
            <p className="field__error" role="alert" data-testid="event-image-error">
              {message}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
