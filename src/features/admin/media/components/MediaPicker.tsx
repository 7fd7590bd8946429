import { Alert, Button, Card, Image, Loader, Modal, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { matchesWords } from '@/lib/match-words.ts';
import { mediaListQuery } from '../api.ts';
import { mediaUrl, thumbnailUrl } from '../model.ts';

/**
 * Choosing a picture from the library for a field that holds an image URL. Only pictures with alt
 * text are offered: a picture nobody can describe is not put on the site.
 */
export function MediaPicker({ onPick, label = 'Choose from the library' }: { onPick: (url: string, alt: string) => void; label?: string }) {
  const [opened, setOpened] = useState(false);
  const [words, setWords] = useState('');
  const files = useQuery({ ...mediaListQuery(), enabled: opened });
  const usable = (files.data ?? []).filter((file) => file.alt_text);
  const waiting = (files.data ?? []).length - usable.length;
  const shown = usable.filter((file) => matchesWords(words, [file.file_name, file.alt_text]));
  return (
    <>
      <Button variant="default" leftSection={<IconPhoto size={16} />} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="The media library" size="xl">
        <TextInput aria-label="Search pictures" placeholder="File name or alt text" leftSection={<IconSearch size={16} />} value={words} onChange={(event) => setWords(event.currentTarget.value)} mb="md" data-autofocus />
        {files.isPending && <Loader aria-label="Loading the pictures" />}
        {files.error && <Alert color="red">{files.error.message}</Alert>}
        {waiting > 0 && (
          <Text size="sm" c="dimmed" mb="sm">
            {waiting} {waiting === 1 ? 'picture waits' : 'pictures wait'} for alt text in Media before they can be used.
          </Text>
        )}
        {files.data && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            No picture with alt text {words ? 'matches these words' : 'yet: upload and describe them in Media'}.
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {shown.map((file) => (
            <UnstyledButton
              key={file.id}
              aria-label={`Use ${file.alt_text}`}
              onClick={() => {
                onPick(mediaUrl(file), file.alt_text!);
                setOpened(false);
              }}
            >
              <Card withBorder padding={0} radius="md">
                <Image src={thumbnailUrl(file)} alt="" h={110} fit="cover" />
                <Text size="xs" p={6} lineClamp={2}>
                  {file.alt_text}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Modal>
    </>
  );
}
