import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Badge, Button, Card, Group, Image, Loader, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoUp, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from '@/components/admin/ConfirmAction.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { matchesWords } from '@/lib/match-words.ts';
import { notify } from '@/lib/notify.ts';
import { deleteMedia, mediaKeys, mediaListQuery, mediaUsesQuery, saveAltText, uploadMedia, type MediaFile } from '../api.ts';
import { altProblem, fileSize, MEDIA_MAX_BYTES, MEDIA_TYPES, thumbnailUrl, uploadProblem } from '../model.ts';

interface Upload {
  key: string;
  name: string;
  progress: number;
  problem: string | null;
}

/** Where a file is used, read when its card asks. */
function Uses({ file }: { file: MediaFile }) {
  const uses = useQuery(mediaUsesQuery(file.id));
  if (uses.isPending) return <Text size="xs" c="dimmed">Looking for where it is used…</Text>;
  if (uses.error) return <Text size="xs" c="red.8">{uses.error.message}</Text>;
  if (uses.data.length === 0) return <Text size="xs" c="dimmed">Not used yet</Text>;
  return (
    <Text size="xs" data-testid="media-uses">
      Used by {uses.data.map((use) => `the ${use.kind} “${use.title}”`).join(', ')}
    </Text>
  );
}

function MediaCard({ file }: { file: MediaFile }) {
  const queryClient = useQueryClient();
  const [alt, setAlt] = useState(file.alt_text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const edits = useUnsavedEdits(alt.trim());
  const save = useMutation({
    mutationFn: () => saveAltText(file.id, alt),
    onSuccess: async () => {
      edits.markSaved();
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      notify.success('Alt text saved');
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const remove = useMutation({
    mutationFn: () => deleteMedia(file.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      notify.success(`${file.file_name} deleted`);
    },
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={file.file_name}>
      <Card.Section>
        <Image src={thumbnailUrl(file)} alt={file.alt_text ?? ''} h={160} fit="cover" loading="lazy" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} truncate="end" title={file.file_name}>
            {file.file_name}
          </Text>
          <ConfirmAction label={`Delete ${file.file_name}`} question={`Delete ${file.file_name} and its sizes?`} confirmLabel="Delete" onConfirm={() => remove.mutate()} busy={remove.isPending} />
        </Group>
        <Text size="xs" c="dimmed">
          {[file.width && file.height ? `${file.width} × ${file.height}` : null, fileSize(file.bytes), file.widths.length ? `sizes ${file.widths.join(', ')}` : null].filter(Boolean).join(' · ')}
        </Text>
        {!file.alt_text && (
          <Badge color="orange" variant="light" size="sm">
            Needs alt text before use
          </Badge>
        )}
        <form
          aria-label={`Alt text of ${file.file_name}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found = altProblem(alt);
            setProblem(found);
            if (!found) save.mutate();
          }}
        >
          <TextInput
            size="xs"
            label="Alt text"
            placeholder="Two lions resting in the Serengeti grass"
            value={alt}
            onChange={(event) => {
              setAlt(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            rightSectionWidth={56}
            rightSection={
              <Button type="submit" size="compact-xs" variant="light" loading={save.isPending} disabled={alt.trim() !== '' && alt.trim() === (file.alt_text ?? '')}>
                Save
              </Button>
            }
          />
        </form>
        <Uses file={file} />
      </Stack>
    </Card>
  );
}

/**
 * /admin/media: the site's pictures. Files dropped or picked (several at once) go up with their
 * progress; the server makes the sizes the public pages use. A file needs alt text before it can be
 * used, and one in use cannot be deleted.
 */
export function MediaLibrary() {
  const queryClient = useQueryClient();
  const files = useQuery(mediaListQuery());
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [words, setWords] = useState('');

  const update = (key: string, patch: Partial<Upload>) => setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const send = (chosen: File[]) => {
    for (const file of chosen) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const problem = uploadProblem(file);
      setUploads((current) => [...current, { key, name: file.name, progress: 0, problem }]);
      if (problem) continue;
      uploadMedia(file, (progress) => update(key, { progress }))
        .then(async () => {
          setUploads((current) => current.filter((upload) => upload.key !== key));
          notify.success(`${file.name} added: give it its alt text`);
          await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
        })
        .catch((error: Error) => update(key, { problem: error.message }));
    }
  };

  const shown = (files.data ?? []).filter((file) => matchesWords(words, [file.file_name, file.alt_text]));
  return (
    <Stack gap="md" maw={1400}>
      <PageHeader title="Media" description="The site’s pictures, in the sizes phones and wide screens need. Give each one its alt text: pictures without it cannot be used." />
      <Dropzone
        onDrop={send}
        onReject={(rejections) => send(rejections.map((rejection) => rejection.file))}
        accept={[...MEDIA_TYPES]}
        maxSize={MEDIA_MAX_BYTES}
        multiple
        aria-label="Upload pictures"
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <div>
            <Text size="lg" inline>
              Drop pictures here, or choose them
            </Text>
            <Text size="sm" c="dimmed" mt={6}>
              JPEG, PNG, WebP, GIF, SVG or AVIF, up to 10 MB each, several at once
            </Text>
          </div>
        </Group>
      </Dropzone>
      {uploads.length > 0 && (
        <Stack gap="xs" aria-label="Uploads" role="list">
          {uploads.map((upload) => (
            <Card key={upload.key} withBorder padding="xs" radius="md" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate="end">
                  {upload.name}
                </Text>
                {upload.problem ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c="red.8" role="alert">
                      {upload.problem}
                    </Text>
                    <Anchor component="button" size="sm" onClick={() => setUploads((current) => current.filter((other) => other.key !== upload.key))}>
                      Dismiss
                    </Anchor>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {Math.round(upload.progress * 100)}%
                  </Text>
                )}
              </Group>
              {!upload.problem && <Progress value={upload.progress * 100} mt={6} size="sm" aria-label={`Uploading ${upload.name}`} />}
            </Card>
          ))}
        </Stack>
      )}
      <TextInput aria-label="Search pictures" placeholder="File name or alt text" leftSection={<IconSearch size={16} />} value={words} onChange={(event) => setWords(event.currentTarget.value)} maw={420} />
      {files.isPending && <Loader aria-label="Loading the pictures" />}
      {files.error && (
        <Alert color="red" role="alert">
          {files.error.message}
        </Alert>
      )}
      {files.data && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {words ? 'No picture matches these words.' : 'No picture yet: drop the first ones above.'}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {shown.map((file) => (
          <MediaCard key={file.id} file={file} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
