import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import {
  AI_FEATURE_LABELS,
  AI_MODEL_IDS,
  AI_MODELS,
  type TAiConfig,
  type TAiConfigUpdate,
  TOKEN_LIMIT_MAX,
  TOKEN_LIMIT_MIN,
  ZAiConfigUpdate,
} from '@pennant/shared/ai/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { useUpdateAiConfig } from '../admin-api';
import { formatCount } from '../parts';

const FORM_ID = 'ai-config-form';

/**
 * The Edit dialog of a feature's AI configuration: model (one of two), token limit (1,000 to
 * 32,000) and system prompt. Spec 002 §4.7: a valid save closes the dialog with its success toast
 * before the call's result is known; a failure comes back as an error toast.
 */
export function AiConfigEditDialog({ config, onClose }: { config: TAiConfig | null; onClose: () => void }) {
  const form = useForm<TAiConfigUpdate>({
    resolver: zodResolver(ZAiConfigUpdate),
    defaultValues: { model: 'gpt-4o-mini', tokenLimit: TOKEN_LIMIT_MIN, systemPrompt: '' },
  });
  const { errors } = form.formState;
  const update = useUpdateAiConfig({
    onError: (err) => toast.error(ADMIN_MESSAGES.updateAiConfigFailed, { description: errorMessage(err, '') }),
  });

  useEffect(() => {
    if (config) {
      form.reset({ model: config.model, tokenLimit: config.tokenLimit, systemPrompt: config.systemPrompt });
    }
  }, [config, form]);

  const submit = form.handleSubmit((values) => {
    if (!config) return;
    update.mutate({ feature: config.featureKey, config: values });
    toast.success(ADMIN_MESSAGES.aiConfigUpdated);
    onClose();
  });

  return (
    <Dialog
      open={config !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit AI Configuration"
      description={config ? `${AI_FEATURE_LABELS[config.featureKey]} (${config.featureKey})` : undefined}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Model"
          error={errors.model?.message}
          hint={AI_MODELS[form.watch('model')]?.description ?? undefined}
        >
          {(p) => (
            <Select {...p} {...form.register('model')}>
              {AI_MODEL_IDS.map((id) => (
                <option key={id} value={id}>
                  {AI_MODELS[id].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Token Limit"
          error={errors.tokenLimit?.message}
          hint={`Between ${formatCount(TOKEN_LIMIT_MIN)} and ${formatCount(TOKEN_LIMIT_MAX)} tokens.`}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="numeric"
              min={TOKEN_LIMIT_MIN}
              max={TOKEN_LIMIT_MAX}
              step={1}
              {...form.register('tokenLimit', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="System Prompt" error={errors.systemPrompt?.message}>
          {(p) => <Textarea {...p} rows={10} className="font-mono text-xs" {...form.register('systemPrompt')} />}
        </Field>
      </form>
    </Dialog>
  );
}
