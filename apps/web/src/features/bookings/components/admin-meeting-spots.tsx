import { z } from '@market/shared/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEETING_SPOT_ADDRESS_MAX,
  MEETING_SPOT_HOURS_MAX,
  MEETING_SPOT_KINDS,
  MEETING_SPOT_KIND_LABELS,
  MEETING_SPOT_NAME_MAX,
  PLACE_ID_MESSAGE,
  meetingSpotInputSchema,
  type MeetingSpot,
  type Place,
} from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { describeError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, TextField, bindField, errorProps } from '../../../components/ui/form-field.tsx';
import {
  useAddMeetingSpot,
  useChangeMeetingSpot,
  useRemoveMeetingSpot,
} from '../api/manage-meeting-spots.ts';
import { SpotsByArea } from './meeting-spot-card.tsx';
import { SpotPlaceField } from './spot-place-field.tsx';

/** Coordinates as typed ("23.7937"): a number, or the schema's message for what is not one. */
const typedNumber = (schema: z.ZodNumber) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const n = v === '' ? Number.NaN : Number(v);
      if (Number.isNaN(n)) {
        ctx.addIssue({ code: 'custom', message: 'Type a number, such as 23.7937' });
        return z.NEVER;
      }
      return n;
    })
    .pipe(schema);

const spotFormSchema = meetingSpotInputSchema.extend({
  placeId: z
    .number({ error: PLACE_ID_MESSAGE })
    .nullable()
    .refine((v) => v !== null, {
      error: PLACE_ID_MESSAGE,
    }),
  lat: typedNumber(meetingSpotInputSchema.shape.lat),
  lon: typedNumber(meetingSpotInputSchema.shape.lon),
});
type SpotFormInput = z.input<typeof spotFormSchema>;
type SpotFormOutput = z.output<typeof spotFormSchema>;

/** Adding a spot, or changing one (`spot`). */
function SpotDialog({ spot, onClose }: { spot: MeetingSpot | null; onClose: () => void }) {
  const add = useAddMeetingSpot();
  const change = useChangeMeetingSpot();
  const form = useForm<SpotFormInput, unknown, SpotFormOutput>({
    resolver: zodResolver(spotFormSchema),
    defaultValues: spot
      ? { ...spot, lat: String(spot.lat), lon: String(spot.lon) }
      : {
          name: '',
          address: '',
          placeId: null,
          lat: '',
          lon: '',
          openingHours: '',
          kind: 'police_station',
        },
  });
  const pickPlace = (place: Place | null) => {
    form.setValue('placeId', place?.id ?? null, { shouldValidate: form.formState.isSubmitted });
    // The place's centre is a start; the admin puts the spot's own point.
    if (place && form.getValues('lat') === '' && form.getValues('lon') === '') {
      form.setValue('lat', String(place.lat));
      form.setValue('lon', String(place.lon));
    }
  };
  const kindId = 'spot-kind';
  const kindError = form.formState.errors.kind?.message;

  return (
    <ActionDialog
      title={spot ? `Change ${spot.name}` : 'Add a safe meeting spot'}
      onClose={onClose}
    >
      {(close) => (
        <Form
          form={form}
          action={spot ? 'Changing a meeting spot' : 'Adding a meeting spot'}
          submitLabel={spot ? 'Save changes' : 'Add spot'}
          className="mt-4 space-y-2"
          onSubmit={async ({ placeId, ...values }) => {
            const body = { ...values, placeId: placeId as number };
            if (spot) await change.mutateAsync({ id: spot.id, ...body });
            else await add.mutateAsync(body);
            toast.success(spot ? 'Spot saved' : `${values.name} is on the list`);
            close();
          }}
        >
          <TextField label="Name" maxLength={MEETING_SPOT_NAME_MAX} {...bindField(form, 'name')} />
          <TextField
            label="Address"
            maxLength={MEETING_SPOT_ADDRESS_MAX}
            {...bindField(form, 'address')}
          />
          <SpotPlaceField
            initialLabel={spot?.area ?? ''}
            onPick={pickPlace}
            error={form.formState.errors.placeId?.message}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Latitude" inputMode="decimal" {...bindField(form, 'lat')} />
            <TextField label="Longitude" inputMode="decimal" {...bindField(form, 'lon')} />
          </div>
          <p className="text-sm text-base-content/80">
            The spot’s own point: on a map, right-click the entrance and copy its coordinates.
          </p>
          <TextField
            label="Opening hours"
            maxLength={MEETING_SPOT_HOURS_MAX}
            placeholder="Daily 10:00–21:00"
            {...bindField(form, 'openingHours')}
          />
          <FormField id={kindId} label="Kind" error={kindError}>
            <select
              id={kindId}
              className={`select w-full ${kindError ? 'select-error' : ''}`}
              {...errorProps(kindId, kindError)}
              {...form.register('kind')}
            >
              {MEETING_SPOT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {MEETING_SPOT_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
        </Form>
      )}
    </ActionDialog>
  );
}

/** Removing a spot, after a word on what it does. */
function RemoveDialog({ spot, onClose }: { spot: MeetingSpot; onClose: () => void }) {
  const remove = useRemoveMeetingSpot();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ActionDialog title={`Remove ${spot.name}`} onClose={onClose}>
      {(close) => (
        <div className="mt-4 space-y-4">
          <p className="text-sm wrap-anywhere">
            Sellers will no longer be offered {spot.name}. Meetings already set there keep it.
          </p>
          {failure && (
            <p role="alert" className="text-sm text-error">
              {failure}
            </p>
          )}
          <button
            type="button"
            className="btn btn-error"
            disabled={remove.isPending}
            onClick={() =>
              void remove.mutateAsync(spot.id).then(
                () => {
                  toast.success(`${spot.name} is off the list`);
                  close();
                },
                (error: unknown) => setFailure(describeError(error)),
              )
            }
          >
            Remove spot
          </button>
        </div>
      )}
    </ActionDialog>
  );
}

/** The button that opens the form for a new spot. */
export function AddSpotButton() {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
      >
        Add a spot
      </button>
      {open && <SpotDialog spot={null} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The listed spots by area, each with Change and Remove. */
export function AdminMeetingSpots({ spots }: { spots: MeetingSpot[] }) {
  const [editing, setEditing] = useState<MeetingSpot | null>(null);
  const [removing, setRemoving] = useState<MeetingSpot | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      <SpotsByArea
        spots={spots}
        actions={(spot) => (
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm"
              disabled={!hydrated}
              aria-label={`Change ${spot.name}`}
              onClick={() => setEditing(spot)}
            >
              Change
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              disabled={!hydrated}
              aria-label={`Remove ${spot.name}`}
              onClick={() => setRemoving(spot)}
            >
              Remove
            </button>
          </div>
        )}
      />
      {editing && <SpotDialog spot={editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveDialog spot={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
