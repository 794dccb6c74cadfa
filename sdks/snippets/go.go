package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	cairn "github.com/cairn-storage/cairn-go"
)

func main() {
	// The server and an API token (Settings → API tokens) come from the environment.
	client, err := cairn.New(os.Getenv("CAIRN_TOKEN"), cairn.WithBaseURL(os.Getenv("CAIRN_API_URL")))
	if err != nil {
		log.Fatal(err)
	}
	file, err := client.Uploads.FilePath(context.Background(), "hello.txt", nil)
	var apiErr *cairn.Error
	if errors.As(err, &apiErr) && apiErr.Code == "quota_exceeded" {
		log.Fatal("the account is full: ", apiErr.Message)
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("stored %s as %s\n", file.Name, file.CID)
}
