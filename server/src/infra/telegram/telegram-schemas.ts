// The Bot API fields the bots read (https://core.telegram.org/bots/api, "Update", "Message",
// "Chat", "User", "MessageEntity", "Making requests", "ResponseParameters"; docs/bots.md,
// "Telegram"). Loose objects: Telegram adds fields, and we read only these.
import { z } from 'zod';

export const telegramUserSchema = z.looseObject({
  id: z.number().int(),
  is_bot: z.boolean().optional(),
  first_name: z.string().max(1_000),
  username: z.string().max(64).optional(),
});

export const telegramChatSchema = z.looseObject({
  id: z.number().int(),
  type: z.enum(['private', 'group', 'supergroup', 'channel']),
});

export const telegramEntitySchema = z.looseObject({
  type: z.string(),
  offset: z.number().int().min(0),
  length: z.number().int().min(0),
});

export const telegramMessageSchema = z.looseObject({
  message_id: z.number().int(),
  message_thread_id: z.number().int().optional(),
  from: telegramUserSchema.optional(),
  chat: telegramChatSchema,
  text: z.string().max(10_000).optional(),
  entities: z.array(telegramEntitySchema).max(200).optional(),
});
export type TelegramMessage = z.infer<typeof telegramMessageSchema>;

export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int().min(0),
  message: telegramMessageSchema.optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

/** The answer envelope: `{ok:true, result}` or `{ok:false, error_code, description, parameters?}`. */
export const telegramEnvelopeSchema = z.looseObject({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().int().optional(),
  description: z.string().optional(),
  parameters: z
    .looseObject({
      retry_after: z.number().optional(),
      migrate_to_chat_id: z.number().int().optional(),
    })
    .optional(),
});
export type TelegramEnvelope = z.infer<typeof telegramEnvelopeSchema>;

/** getMe: the bot's User. */
export const telegramMeSchema = z.looseObject({ id: z.number().int(), username: z.string().max(64) });
