import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ComboboxField } from '../../../components/ui/combobox-field.tsx';
import { useFormat } from '../../../i18n/locale.tsx';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  CONDITIONS,
  INCLUDED_ITEMS,
  NETWORK_UNLOCKED,
  PRICE_MAX,
  STORAGE_OPTIONS_GB,
  YEAR_OF_PURCHASE_MIN,
  currentYear,
  formatStorage,
  modelFromName,
  storageFromName,
  type NewProduct,
  type Place,
} from '@market/shared';
import { DateField } from '../../../components/ui/date-field.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import {
  FormField,
  SelectField,
  TextField,
  bindField,
  errorProps,
} from '../../../components/ui/form-field.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { ImeiField } from './imei-field.tsx';
import { ModelField } from './model-field.tsx';
import { FairPriceHint } from './fair-price-hint.tsx';
import { DetailsNudge } from './details-nudge.tsx';
import { saveDraft, type DraftValues } from './product-draft.ts';
import {
  answerOf,
  productFormSchema,
  statedOf,
  type ProductFormInput,
  type ProductFormOutput,
} from './product-form-schema.ts';

/** What the location's field takes: the text shown, and a pick's place (null: typed text). */
export interface AreaInputProps {
  label: string;
  name?: string;
  value: string;
  onChange: (text: string, place: Place | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  hint?: ReactNode;
}

/** The location as typed text, where no place suggestions are composed in. */
function PlainAreaInput({ onChange, ...props }: AreaInputProps) {
  return <ComboboxField {...props} suggestions={[]} onChange={(text) => onChange(text, null)} />;
}

/** The seller's yes/no statements about the phone, each a pair of radios. */
const STATEMENTS = ['activationLockOff', 'paidOff'] as const;

/** Both prices: positive dollars with cents, up to the marketplace's maximum. */
const priceInput = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  max: PRICE_MAX,
  step: '0.01',
} as const;

// The resell price may not pass the original one: a change of either checks the resell price.
const PRICES = [
  { name: 'originalPrice', deps: ['resellPrice'] },
  { name: 'resellPrice', deps: [] },
] as const;

/** How long typing must pause before the draft is written. */
const DRAFT_DELAY_MS = 400;

/** A number field's value: undefined while it is empty. */
const optionalNumber = (v: unknown) =>
  v === '' || v === undefined || v === null ? undefined : Number(v);

/** The years a warranty may end in: from two years ago to five years ahead. */
function warrantyYears(current: string | null | undefined): number[] {
  const now = currentYear();
  const years = Array.from({ length: 8 }, (_, i) => now - 2 + i);
  const given = Number(current?.slice(0, 4));
  if (given && !years.includes(given)) years.push(given);
  return years.sort((a, b) => a - b);
}

/**
 * Spec section 5's product form, with the phone's details and its photos. Photos upload as they
 * are picked; then `onSubmit` receives the product as the API takes it and decides what saving
 * means (adding, or changing a listing), and what follows. With `initialValues` it shows a
 * listing to change.
 */
export function ProductForm({
  onSubmit,
  initialValues,
  submitLabel,
  action,
  imeiOnFile = null,
  draft,
  AreaInput = PlainAreaInput,
}: {
  /** Saves the product; throws when the server refuses, and the form shows why. */
  onSubmit: (product: NewProduct) => Promise<void>;
  initialValues?: NewProduct;
  submitLabel: string;
  /** Names the action in the log, as '<action> failed: ...'. */
  action: string;
  /** Whether the listing being changed has an IMEI on file; null for a new listing. */
  imeiOnFile?: boolean | null;
  /**
   * A new listing: kept as the account's draft as it is written, starting from the draft
   * `values` when there is one. The caller discards it once the listing is posted.
   */
  draft?: { userId: string; values: DraftValues | undefined };
  /**
   * The location's field with the place suggestions (the places feature's, composed by the
   * page); without it the location is typed text only.
   */
  AreaInput?: ComponentType<AreaInputProps>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const descriptionId = useId();
  const photosId = useId();
  const lockId = useId();
  const storageId = useId();
  const schema = useMemo(() => productFormSchema(), []);
  const startValues = useMemo(
    () => ({ description: '', ...formValues(initialValues), ...draft?.values }),
    // The form starts once; a new start is a new form (the caller's key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: startValues,
  });
  const { errors, isDirty } = form.formState;
  const photos = useController({ control: form.control, name: 'photos' });
  const location = useController({ control: form.control, name: 'location' });
  const placeId = form.watch('placeId');
  const warranty = useController({ control: form.control, name: 'warrantyUntil' });
  const uploading = useRef(false);
  const onBusyChange = useCallback((busy: boolean) => {
    uploading.current = busy;
  }, []);
  const initialPhotos = useMemo(() => startValues.photos ?? [], [startValues]);
  const lockKind = form.watch('lockKind');
  const name = form.watch('name');
  const category = form.watch('Category');
  const model = form.watch('model');
  const storageGb = form.watch('storageGb');
  const resellPrice = form.watch('resellPrice');
  const colour = form.watch('colour');
  const batteryHealth = form.watch('batteryHealth');

  // The draft follows every change, once typing pauses; a save writes it at once.
  const draftUser = draft?.userId;
  const pendingDraft = useRef<(() => void) | null>(null);
  const writeDraftNow = useCallback(() => {
    pendingDraft.current?.();
    pendingDraft.current = null;
  }, []);
  useEffect(() => {
    if (!draftUser) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      pendingDraft.current = () => saveDraft(draftUser, form.getValues());
      timer = setTimeout(writeDraftNow, DRAFT_DELAY_MS);
    });
    // A reload or a closed tab before the pause still keeps the last change.
    window.addEventListener('pagehide', writeDraftNow);
    return () => {
      window.removeEventListener('pagehide', writeDraftNow);
      subscription.unsubscribe();
      clearTimeout(timer);
      writeDraftNow();
    };
  }, [form, draftUser, writeDraftNow]);

  // Leaving asks first while there are changes that no save has taken.
  const saving = useRef(false);
  const changed = useRef(false);
  changed.current = isDirty;
  const hasChanges = useCallback(() => changed.current && !saving.current, []);

  // The model follows the name as it is typed, until the seller picks or types another.
  // A draft's model that its name proposed still follows the name.
  const proposedModel = useRef(
    draft?.values?.model &&
      draft.values.model === modelFromName(draft.values.name ?? '', draft.values.Category ?? null)
      ? draft.values.model
      : '',
  );
  useEffect(() => {
    const current = form.getValues('model') ?? '';
    if (current !== '' && current !== proposedModel.current) return;
    const proposal = modelFromName(name ?? '', category ?? null) ?? '';
    proposedModel.current = proposal;
    if (proposal !== current) form.setValue('model', proposal, { shouldDirty: true });
  }, [form, name, category]);

  // So does the storage ("128GB" in the name), until the seller chooses another.
  // A listing opened to change, or a draft, keeps its storage until the name is changed.
  const namedStorage = (text: string | undefined) => storageFromName(text ?? '') ?? undefined;
  const proposedStorage = useRef(
    startValues.storageGb === namedStorage(startValues.name) ? startValues.storageGb : undefined,
  );
  const storageName = useRef(startValues.name);
  useEffect(() => {
    if (name === storageName.current) return;
    storageName.current = name;
    const current = form.getValues('storageGb') ?? undefined;
    if (current !== undefined && current !== proposedStorage.current) return;
    const proposal = namedStorage(name);
    proposedStorage.current = proposal;
    if (proposal !== current) form.setValue('storageGb', proposal, { shouldDirty: true });
  }, [form, name]);

  const save = async ({
    lockKind: kind,
    carrier,
    photos: urls,
    activationLockOff,
    paidOff,
    ...fields
  }: ProductFormOutput) => {
    if (uploading.current) {
      form.setError('photos', { message: t('productForm.waitForUploads') }, { shouldFocus: true });
      return;
    }
    writeDraftNow();
    saving.current = true;
    try {
      await onSubmit({
        ...fields,
        networkLock: kind === 'unlocked' ? NETWORK_UNLOCKED : kind === 'carrier' ? carrier : null,
        activationLockOff: statedOf(activationLockOff),
        paidOff: statedOf(paidOff),
        photos: urls,
        imgURL: urls[0] ?? '',
      });
    } finally {
      saving.current = false;
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      action={action}
      submitLabel={submitLabel}
      className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6 md:grid-cols-2"
      footerClassName="mt-4 space-y-4 md:col-span-2"
      submitClassName="btn btn-primary w-full sm:w-auto"
    >
      <TextField label={t('productForm.name')} autoComplete="off" {...bindField(form, 'name')} />
      <AreaInput
        label={t('productForm.location')}
        name={location.field.name}
        value={location.field.value ?? ''}
        onChange={(text, place) => {
          location.field.onChange(text);
          form.setValue('placeId', place ? place.id : null, { shouldDirty: true });
        }}
        onBlur={location.field.onBlur}
        inputRef={location.field.ref}
        error={errors.location?.message ?? errors.placeId?.message}
        hint={placeId ? t('productForm.locationPicked') : t('productForm.locationHint')}
      />
      <TextField
        label={t('productForm.areaNote')}
        autoComplete="off"
        maxLength={80}
        placeholder={t('productForm.areaNotePlaceholder')}
        {...bindField(form, 'locationNote')}
      />
      <TextField
        label={t('productForm.yearOfPurchase')}
        type="number"
        inputMode="numeric"
        min={YEAR_OF_PURCHASE_MIN}
        max={currentYear()}
        {...bindField(form, 'yearOfUse', { valueAsNumber: true })}
      />
      <SelectField
        label={t('productForm.category')}
        prompt={t('productForm.chooseCategory')}
        options={CATEGORIES}
        {...bindField(form, 'Category')}
      />
      {PRICES.map(({ name, deps }) => (
        <TextField
          key={name}
          label={t(`productForm.${name}`, { context: format.currency, currency: format.currency })}
          {...priceInput}
          {...bindField(form, name, { valueAsNumber: true, deps: [...deps] })}
        />
      ))}
      <FairPriceHint
        category={category}
        model={model ?? ''}
        storageGb={storageGb ?? undefined}
        locked={lockKind === 'carrier'}
        price={resellPrice}
      />
      <SelectField
        label={t('productForm.condition')}
        prompt={t('productForm.chooseCondition')}
        options={CONDITIONS}
        optionLabel={(condition) => t(`productForm.conditions.${condition}`)}
        {...bindField(form, 'condition')}
      />

      <fieldset className="mt-4 grid gap-x-6 gap-y-2 border-t border-base-300 pt-4 md:col-span-2 md:grid-cols-2">
        <legend className="pt-4 text-lg font-semibold">{t('productForm.details')}</legend>
        <DetailsNudge
          storageGb={storageGb}
          colour={colour}
          batteryHealth={batteryHealth}
          lockKind={lockKind}
        />
        <ModelField control={form.control} category={category} error={errors.model?.message} />
        <FormField
          id={storageId}
          label={t('productForm.storage')}
          error={errors.storageGb?.message}
          hint={
            storageGb === undefined || storageGb === null ? t('productForm.storageHint') : undefined
          }
        >
          <select
            id={storageId}
            className={`select w-full ${errors.storageGb ? 'select-error' : ''}`}
            defaultValue=""
            {...errorProps(storageId, errors.storageGb?.message)}
            {...form.register('storageGb', { setValueAs: optionalNumber })}
          >
            <option value="">{t('productForm.chooseStorage')}</option>
            {STORAGE_OPTIONS_GB.map((gb) => (
              <option key={gb} value={gb}>
                {formatStorage(gb)}
              </option>
            ))}
          </select>
        </FormField>
        <TextField
          label={t('productForm.colour')}
          autoComplete="off"
          {...bindField(form, 'colour')}
        />
        <TextField
          label={t('productForm.battery')}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...bindField(form, 'batteryHealth', { setValueAs: optionalNumber })}
        />
        <DateField
          label={t('productForm.warranty')}
          value={warranty.field.value}
          onChange={warranty.field.onChange}
          onBlur={warranty.field.onBlur}
          years={warrantyYears(warranty.field.value)}
          error={errors.warrantyUntil?.message}
        />
        <fieldset
          className="fieldset md:col-span-2"
          aria-describedby={errors.lockKind ? `${lockId}-error` : undefined}
        >
          <legend className="fieldset-legend text-sm">{t('productForm.networkLock')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                value="unlocked"
                {...form.register('lockKind')}
              />
              {t('productForm.unlocked')}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                value="carrier"
                {...form.register('lockKind')}
              />
              {t('productForm.locked')}
            </label>
          </div>
          {errors.lockKind && (
            <p id={`${lockId}-error`} className="text-sm text-error">
              {errors.lockKind.message}
            </p>
          )}
        </fieldset>
        {lockKind === 'carrier' && (
          <TextField
            label={t('productForm.carrier')}
            autoComplete="off"
            {...bindField(form, 'carrier')}
          />
        )}
        {STATEMENTS.map((name) => (
          <fieldset key={name} className="fieldset md:col-span-2">
            <legend className="fieldset-legend text-sm">
              {t(`productForm.statement.${name}.legend`)}
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  value="yes"
                  {...form.register(name)}
                />
                {t(`productForm.statement.${name}.yes`)}
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-sm"
                  value="no"
                  {...form.register(name)}
                />
                {t(`productForm.statement.${name}.no`)}
              </label>
            </div>
          </fieldset>
        ))}
        <fieldset className="fieldset md:col-span-2">
          <legend className="fieldset-legend text-sm">{t('productForm.included')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {INCLUDED_ITEMS.map((item) => (
              <label key={item} className="flex items-center gap-2 capitalize">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  value={item}
                  {...form.register('included')}
                />
                {t(`productForm.items.${item}`)}
              </label>
            ))}
          </div>
          {errors.included && <p className="text-sm text-error">{errors.included.message}</p>}
        </fieldset>
        <ImeiField
          registration={form.register('imei')}
          error={errors.imei?.message}
          onFile={imeiOnFile}
        />
      </fieldset>

      <FormField
        id={photosId}
        label={t('productForm.photos')}
        error={errors.photos?.message ?? errors.photos?.root?.message}
        className="mt-4 border-t border-base-300 pt-4 md:col-span-2"
      >
        <PhotoManager
          inputId={photosId}
          initial={initialPhotos}
          onChange={photos.field.onChange}
          onBusyChange={onBusyChange}
          error={errors.photos?.message}
          describedBy={errors.photos ? `${photosId}-error` : undefined}
        />
      </FormField>

      <FormField
        id={descriptionId}
        label={t('productForm.description')}
        error={errors.description?.message}
        className="md:col-span-2"
      >
        <textarea
          id={descriptionId}
          rows={4}
          className="textarea w-full"
          {...errorProps(descriptionId, errors.description?.message)}
          {...form.register('description')}
        />
      </FormField>
      <LeaveGuard
        when={hasChanges}
        title={t('productForm.leave.title')}
        message={draft ? t('productForm.leave.draft') : t('productForm.leave.changes')}
      />
    </Form>
  );
}

/** The form's values for a listing being changed. */
function formValues(product: NewProduct | undefined): Partial<ProductFormInput> {
  if (!product) return { photos: [], included: [], carrier: '', warrantyUntil: null, model: '' };
  // The IMEI is never shown again: only its last four digits, beside the field.
  const {
    imgURL,
    photos,
    networkLock,
    activationLockOff,
    paidOff,
    included,
    warrantyUntil,
    imei,
    model,
    ...fields
  } = product;
  void imei;
  const lock = networkLock ?? null;
  return {
    ...fields,
    storageGb: fields.storageGb ?? undefined,
    colour: fields.colour ?? undefined,
    batteryHealth: fields.batteryHealth ?? undefined,
    photos: photos ?? [imgURL],
    included: included ?? [],
    warrantyUntil: warrantyUntil ?? null,
    model: model ?? '',
    lockKind:
      lock === null ? undefined : lock.toLowerCase() === NETWORK_UNLOCKED ? 'unlocked' : 'carrier',
    carrier: lock !== null && lock.toLowerCase() !== NETWORK_UNLOCKED ? lock : '',
    activationLockOff: answerOf(activationLockOff),
    paidOff: answerOf(paidOff),
  };
}
