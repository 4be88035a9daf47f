package dev.whittle.samples.corpus;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.Tag;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Jazzer target over metadata-extractor: detects the file type of an image (JPEG, PNG, GIF, BMP,
 * TIFF, WebP, ICO, ...), reads its metadata and renders every tag's description, as a photo gallery
 * does on upload.
 *
 * <p>Files the library cannot read are rejected with {@link ImageProcessingException} or {@link
 * IOException}, which are not findings; errors it records in a directory are read too.
 */
public final class ImageMetadataFuzzer {
  private ImageMetadataFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    Metadata metadata;
    try {
      metadata = ImageMetadataReader.readMetadata(new ByteArrayInputStream(data), data.length);
    } catch (ImageProcessingException | IOException e) {
      return;
    }
    for (Directory directory : metadata.getDirectories()) {
      directory.getName();
      for (Tag tag : directory.getTags()) {
        tag.getDescription();
      }
      directory.getErrors();
    }
  }
}
