import { formatBytes, thumbnailUrl, type PendingImage } from './image-attachments';

/** The images that go with the message, each removable. */
export function ImageThumbnails({
  images,
  onRemove,
}: {
  images: readonly PendingImage[];
  onRemove(image: PendingImage): void;
}) {
  if (images.length === 0) return null;
  return (
    <ul className="agent-composer-chips" aria-label="Images">
      {images.map((image, index) => (
        <li key={image.id} className="agent-thumbnail">
          <img
            src={thumbnailUrl(image)}
            alt={`Image ${index + 1}: ${image.name}, ${formatBytes(image.bytes)}`}
          />
          <button
            type="button"
            className="agent-chip-remove"
            aria-label={`Remove image ${index + 1}`}
            onClick={() => onRemove(image)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
