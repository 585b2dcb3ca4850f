// A file the member picked, with an object URL previewing it. The URL is made in the event handler
// and revoked when the choice changes or the component goes away, so no blob outlives its preview.
import { useEffect, useRef, useState } from "react";

export function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File; previewUrl: string } | null>(null);
  const previewUrlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    },
    [],
  );
  const choose = (file: File | null) => {
    if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    previewUrlRef.current = file ? URL.createObjectURL(file) : null;
    setChosen(file && previewUrlRef.current ? { file, previewUrl: previewUrlRef.current } : null);
  };
  return [chosen, choose] as const;
}
