import { Input, Text } from '@mantine/core';
import { type DragEvent, forwardRef, type MouseEvent, useState } from 'react';
import { droppedFiles, hasFilePicker, pickFiles, type TChosenFile } from '../lib/file-system-access.ts';
import classes from './file-drop-zone.module.css';

type TFileDropZoneProps = {
  id: string;
  label: string;
  description: string;
  /** Names of the files chosen, shown under the control. */
  chosen: readonly string[];
  onChoose: (files: TChosenFile[]) => void;
  multiple?: boolean;
};

/**
 * Where files are chosen (decision 219): drop them on the zone, or use the real file input in it
 * (the keyboard reaches it as any field; a file chosen before the script ran is read on start).
 * Where the browser has the File System Access API, choosing opens its picker instead and a drop
 * keeps the file's handle, so an interrupted upload continues later without choosing again.
 */
export const FileDropZone = forwardRef<HTMLInputElement, TFileDropZoneProps>(function FileDropZone(
  { id, label, description, chosen, onChoose, multiple = true },
  ref,
) {
  const [over, setOver] = useState(false);

  function onDragOver(event: DragEvent<HTMLFieldSetElement>) {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length > 0) onChoose(multiple ? files : files.slice(0, 1));
    });
  }

  function onClick(event: MouseEvent<HTMLInputElement>) {
    // The picker with handles where there is one; the input's own dialog elsewhere.
    if (!hasFilePicker()) return;
    event.preventDefault();
    void pickFiles()
      .then((files) => {
        if (files && files.length > 0) onChoose(multiple ? files : files.slice(0, 1));
      })
      .catch(() => {
        // A picker the page may not open (an embedded frame): the input's own dialog instead.
        (event.target as HTMLInputElement).showPicker?.();
      });
  }

  return (
    <Input.Wrapper label={label} id={id} description={description}>
      <fieldset
        aria-label="Drop files here"
        className={classes.zone}
        data-over={over}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-drop-zone"
      >
        <Text size="sm">Drag files here, or choose them:</Text>
        <input
          id={id}
          ref={ref}
          className={classes.input}
          type="file"
          multiple={multiple}
          onClick={onClick}
          onChange={(event) => onChoose([...(event.currentTarget.files ?? [])].map((file) => ({ file, handle: null })))}
        />
        {chosen.length > 0 ? (
          <Text size="sm" mt="xs" style={{ wordBreak: 'break-all' }} data-testid="chosen-files">
            Chosen: {chosen.join(', ')}
          </Text>
        ) : null}
      </fieldset>
    </Input.Wrapper>
  );
});
