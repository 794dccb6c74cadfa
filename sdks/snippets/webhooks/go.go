package main

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"os"

	cairn "github.com/cairn-storage/cairn-go"
)

func main() {
	// The endpoint's signing secret (shown once when it was made) and the port come from the environment.
	secret := os.Getenv("CAIRN_WEBHOOK_SECRET")
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		// The raw bytes as received: never decode and encode the JSON before checking it.
		body, err := io.ReadAll(r.Body)
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		event, err := cairn.VerifyWebhook(body, r.Header.Get("Cairn-Signature"), secret)
		if err != nil {
			fmt.Println("refused", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		fmt.Println("verified", event.Type, event.ID)
		w.WriteHeader(http.StatusOK)
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), nil))
}
