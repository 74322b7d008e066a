// Packages: the summary of a package's versions (latest, description, times), updated on
// every publish; the version documents are the source of truth.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const packageSchema = new Schema(
  {
    /** `@ns/name`. */
    id: { type: String, required: true, unique: true },
    namespace: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    latest: { type: String, required: true },
    /** Whether `latest` is yanked (only when every version is: docs/trust.md, "Yank and deprecate"). */
    latestYanked: { type: Boolean },
    /** The deprecation message of `latest`, if any. */
    latestDeprecated: { type: String },
    /** Lowercased `id` and description, for case-insensitive search. */
    searchText: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    /**
     * Bumped by every write to the package or its list of versions (publish, and the rollback of
     * a failed one): a process that cached the package's answers at revision n serves them only
     * while the stored revision is still n.
     */
    revision: { type: Number, required: true, default: 0 },
    /**
     * The search fields of `latest` (docs/browsing.md, "Search"): its words per field, its
     * permissions and whether it comes from a verified build; set with the summary.
     */
    search: {
      type: new Schema(
        {
          version: { type: String, required: true },
          name: { type: [String], default: undefined },
          tools: { type: [String], default: undefined },
          properties: { type: [String], default: undefined },
          description: { type: [String], default: undefined },
          skill: { type: [String], default: undefined },
          permissions: { type: Schema.Types.Mixed, required: true },
          verified: { type: Boolean, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
    /**
     * When a server last wrote the summary (its own clock): what the search indexes of the other
     * processes read the changed packages by (docs/browsing.md, "Search").
     */
    indexedAt: { type: Date },
    /** Classic tokens may not publish it: only a trusted publisher (docs/publishing.md). */
    requireTrustedPublishing: { type: Boolean },
  },
  { collection: 'packages', versionKey: false },
);
packageSchema.index({ namespace: 1, name: 1 }, { unique: true });
packageSchema.index({ indexedAt: 1 });
export type PackageDoc = InferSchemaType<typeof packageSchema>;

export function packageModel(connection: Connection) {
  return connection.model('Package', packageSchema);
}
