// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../../app-providers';
import { stubFetch } from '../../../../test/web/render-app';
import { UploadField } from './upload-field';
import '../../../../test/web/jsdom-shims';
import { RESOURCE_MESSAGES } from '../../../domain/messages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ initial = null, onValue }: { initial?: string | null; onValue?: (url: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <AppProviders>
      <UploadField
        id="avatar"
        label="Profile image"
        use="profileImage"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
        placeholder="AL"
      />
    </AppProviders>
  );
}

const fileOfSize = (bytes: number, name = 'me.png', type = 'image/png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Profile image'), { target: { files: [file] } });

describe('UploadField', () => {
  it('refuses a file over the limit in the browser, before any upload', async () => {
    const fetchMock = stubFetch({});
    render(<Harness />);
    choose(fileOfSize(5 * 1024 * 1024 + 1));
    expect((await screen.findAllByText('File size must be less than 5MB')).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a chosen image, hands the URL to the form and previews it', async () => {
    const onValue = vi.fn();
    const fetchMock = stubFetch({
      'POST /api/uploads/profile-image': { status: 201, body: { url: '/files/profile-images/u1/avatar.png?v=abc', thumbnailUrl: null } },
    });
    render(<Harness onValue={onValue} />);
    choose(fileOfSize(2048));
    expect(await screen.findByText('File uploaded successfully')).toBeTruthy();
    expect(onValue).toHaveBeenCalledWith('/files/profile-images/u1/avatar.png?v=abc');
    expect(screen.getByRole('img', { name: 'Current profile image' }).getAttribute('src')).toBe('/files/profile-images/u1/avatar.png?v=abc');
    const body = fetchMock.mock.calls[0][1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("shows the server's refusal with the spec's toast", async () => {
    stubFetch({
      'POST /api/uploads/profile-image': {
        status: 400,
        body: { error: 'invalid_file', message: 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.', fields: { file: 'x' } },
      },
    });
    render(<Harness />);
    choose(fileOfSize(100, 'renamed.png'));
    expect(await screen.findByText('Error uploading file')).toBeTruthy();
    expect((await screen.findAllByText('Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Profile image').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the storage is full and to try later when the server answers 507, beneath the spec toast', async () => {
    stubFetch({
      'POST /api/uploads/profile-image': {
        status: 507,
        body: { error: 'storage_full', message: RESOURCE_MESSAGES.storageFull },
      },
    });
    render(<Harness />);
    choose(fileOfSize(2048));
    expect(await screen.findByText('Error uploading file')).toBeTruthy();
    expect((await screen.findAllByText(RESOURCE_MESSAGES.storageFull)).length).toBeGreaterThan(0);
  });

  it('previews only image links, and can remove the image', () => {
    stubFetch({});
    const { unmount } = render(<Harness initial="/files/profile-images/u1/avatar.webp?v=1" />);
    expect(screen.getByRole('img', { name: 'Current profile image' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'Current profile image' })).toBeNull();
    unmount();
    render(<Harness initial="/files/deliverables/u1/p1/deliverable.pdf" />);
    expect(screen.queryByRole('img', { name: 'Current profile image' })).toBeNull();
    expect(screen.getByText('AL')).toBeTruthy();
  });
});
