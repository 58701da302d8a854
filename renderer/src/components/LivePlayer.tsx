import { Alert, AspectRatio, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Plays an HLS stream. hls.js is loaded on first use only, so it stays out of the initial bundle;
 * browsers that play HLS natively use the video element directly.
 */
export function LivePlayer({ src, title }: { src: string | null; title: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<"loading" | "playing" | "error">("loading");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !src) return;
    let destroyed = false;
    let destroy = () => {};
    setStatus("loading");
    setError(null);
    const onPlaying = () => setStatus("playing");
    element.addEventListener("playing", onPlaying);
    (async () => {
      const { default: Hls } = await import("hls.js");
      if (destroyed) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ liveDurationInfinity: true, manifestLoadingMaxRetry: 6, manifestLoadingRetryDelay: 1000 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          setStatus("error");
          setError(data.response?.code ? t("common.theStreamAnswered", { code: data.response.code, details: data.details }) : t("common.playbackFailed", { details: data.details }));
        });
        hls.loadSource(src);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      } else if (element.canPlayType("application/vnd.apple.mpegurl")) {
        element.src = src;
        destroy = () => element.removeAttribute("src");
      } else {
        setStatus("error");
        setError(t("common.browserCannotPlayHls"));
        return;
      }
      element.play().catch(() => undefined);
    })().catch((e: unknown) => {
      setStatus("error");
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      destroyed = true;
      element.removeEventListener("playing", onPlaying);
      destroy();
    };
  }, [src]);

  return (
    <Stack gap="xs">
      <AspectRatio ratio={16 / 9} maw={960} bg="black">
        <video ref={video} controls muted autoPlay playsInline aria-label={t("common.livePreviewOf", { title: title })} data-testid="live-video" />
      </AspectRatio>
      {status === "loading" && <Text size="sm" c="dimmed"><Loader size="xs" mr={6} />{t("common.startingTheStream")}</Text>}
      {error && <Alert color="red" title={t("common.cannotPlayThisChannel")} role="alert">{error}</Alert>}
    </Stack>
  );
}
