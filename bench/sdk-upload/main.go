// One upload of FILE through the Go SDK; prints the CID and the upload's time.
// Built and run by bench/sdk-upload.ts (in a module of its own that replaces the SDK with this
// repository's copy), which measures the peak RSS.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

func main() {
	client, err := cairn.New(os.Getenv("TOKEN"), cairn.WithBaseURL(os.Getenv("URL")))
	if err != nil {
		fail(err)
	}
	started := time.Now()
	result, err := client.Uploads.FilePath(context.Background(), os.Getenv("FILE"), nil)
	if err != nil {
		fail(err)
	}
	out, _ := json.Marshal(map[string]any{"cid": result.CID, "seconds": time.Since(started).Seconds()})
	fmt.Println(string(out))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
