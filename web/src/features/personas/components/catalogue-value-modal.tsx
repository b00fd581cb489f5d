import { useState, type FormEvent } from 'react';
import type { CatalogueItem, CatalogueType } from '@shared/contracts/personas.contract';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { UppercaseInput } from '../../../components/ui/uppercase-input';
import { FormActions } from '../../../components/ui/form-actions';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { addLookupValue } from '../api/add-lookup-value';
import { CATALOGUE_LABELS } from '../persona-labels';
import { addCatalogueItem } from '../stores/lookup-store';

/**
 * Spec 3 §2.3: 'Agregar {type}', one name (uppercase as typed, trimmed), Enter submits, Agregar disabled
 * while empty. An existing value is answered as is; either way it is selected in the form.
 */
export function CatalogueValueModal({
  type,
  onAdded,
  onClose,
}: {
  type: CatalogueType;
  onAdded: (item: CatalogueItem) => void;
  onClose: () => void;
}) {
  const [nombre, setNombre] = useState('');
  const { submitting: saving, submit } = useFormSubmit();
  const [failed, setFailed] = useState(false);
  const label = CATALOGUE_LABELS[type];
  const value = nombre.trim();

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailed(false);
    await submit({
      // Agregar is disabled while the name is empty; Enter on an empty name only puts the focus back.
      problems: value ? {} : { [type]: ['El nombre es obligatorio.'] },
      focusPrefix: 'catalogue-',
      send: async () => {
        const { item } = await addLookupValue(type, value.toUpperCase());
        addCatalogueItem(type, item);
        onAdded(item);
      },
      refused: () => setFailed(true),
    });
  };

  return (
    <Modal title={`Agregar ${label}`} onClose={onClose} size="sm" testId="catalogue-modal">
      <form className="catalogue-form" onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="catalogue-form">
        {failed ? (
          <Alert kind="error" testId="catalogue-error">
            Error al agregar el valor
          </Alert>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`catalogue-${type}`}>
            Nombre
          </label>
          <UppercaseInput
            id={`catalogue-${type}`}
            className="input"
            value={nombre}
            onValueChange={setNombre}
            maxLength={150}
            autoComplete="off"
            placeholder={`Nombre de ${label.toLowerCase()}`}
            data-testid="catalogue-input"
          />
        </div>
        <FormActions onCancel={onClose} submitDisabled={!value || saving} submitTestId="catalogue-submit">
          {saving ? 'Agregando...' : 'Agregar'}
        </FormActions>
      </form>
    </Modal>
  );
}
