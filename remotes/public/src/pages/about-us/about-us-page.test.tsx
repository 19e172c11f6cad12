import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@promo/ui/testing';
import AboutUsPage from './about-us-page';

describe('AboutUsPage', () => {
  it("shows the text, two described images and 'Join Now' to /join-now", () => {
    const { title } = renderPage(<AboutUsPage />, { path: '/about-us' });
    expect(title()).toBe('About Us');
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/v1/file/image/about-trade-counter',
      '/api/v1/file/image/about-delivery',
    ]);
    for (const image of images) expect(image).toHaveAccessibleName();
    expect(screen.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/join-now');
  });
});
