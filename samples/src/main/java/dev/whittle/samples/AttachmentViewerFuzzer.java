package dev.whittle.samples;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Jazzer target with an OS command injection: a mail client's preview pane, which opens the first
 * attachment with a viewer program that it picks by the attachment's content type, mailcap style,
 * and starts it with {@link ProcessBuilder}.
 *
 * <p>The planted bug is the convention for vendor types: {@code application/x-NAME} is opened by a
 * helper program called {@code NAME}. The type comes from the message, so the sender chooses the
 * program. Jazzer's OS command injection detector reports {@code FuzzerSecurityIssueCritical} when
 * the program is {@code jazze}, i.e. for {@code Content-Type: application/x-jazze} on an
 * attachment; it hooks {@code ProcessImpl.start} and fires before anything runs.
 *
 * <p>Safe to fuzz: every process starts in {@link #VIEWER_DIRECTORY}, below {@code /dev/null},
 * which can never exist, so the child fails to change into it and no program is ever executed
 * ({@link ProcessBuilder#start} throws {@link IOException}, which the viewer treats like a missing
 * program). Without Jazzer's hooks (a plain replay) the finding input therefore throws nothing;
 * {@link #previewCommand} shows what would have run.
 */
public final class AttachmentViewerFuzzer {
  static final File VIEWER_DIRECTORY = new File("/dev/null/whittle-attachments");

  private static final Map<String, String> MAILCAP =
      Map.of(
          "text/plain", "less",
          "text/html", "lynx",
          "text/*", "less",
          "image/png", "feh",
          "image/jpeg", "feh",
          "image/*", "feh",
          "application/pdf", "zathura",
          "application/zip", "unzip");

  private AttachmentViewerFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    List<String> command;
    try {
      command = previewCommand(data);
    } catch (MailMessage.FormatException e) {
      return;
    }
    if (command != null) {
      open(command);
    }
  }

  /**
   * The command line that previews the message's first attachment that has a viewer, or null if
   * none has.
   */
  static List<String> previewCommand(byte[] message) throws MailMessage.FormatException {
    for (MailMessage part : MailMessage.parse(message).leaves()) {
      MailMessage.HeaderValue disposition = part.contentDisposition();
      if (!disposition.value().equals("attachment")) {
        continue;
      }
      String viewer = viewerFor(part.contentType().value());
      if (viewer != null) {
        return List.of(viewer, fileName(disposition));
      }
    }
    return null;
  }

  /** The program for a content type: exact mailcap entry, then {@code type/*}, then x- types. */
  static String viewerFor(String contentType) {
    String viewer = MAILCAP.get(contentType);
    int slash = contentType.indexOf('/');
    if (viewer == null && slash > 0) {
      viewer = MAILCAP.get(contentType.substring(0, slash) + "/*");
    }
    if (viewer == null && contentType.startsWith("application/x-")) {
      // Vendor types are opened by a helper named after the subtype.
      viewer = contentType.substring("application/x-".length());
    }
    return viewer == null || viewer.isEmpty() ? null : viewer;
  }

  private static String fileName(MailMessage.HeaderValue disposition) {
    String name = disposition.parameters().getOrDefault("filename", "attachment");
    name = name.substring(name.lastIndexOf('/') + 1);
    return name.isEmpty() || name.startsWith("-") ? "attachment" : name;
  }

  private static void open(List<String> command) {
    try {
      Process viewer =
          new ProcessBuilder(command)
              .directory(VIEWER_DIRECTORY)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      viewer.destroyForcibly();
    } catch (IOException e) {
      // No such viewer (or, always here, no such directory): the attachment stays closed.
    }
  }
}
