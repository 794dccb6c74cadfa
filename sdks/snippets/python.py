from cairn import Cairn, QuotaExceededError

# Cairn() reads the server and an API token from CAIRN_API_URL and CAIRN_TOKEN.
with Cairn() as cairn:
    try:
        file = cairn.uploads.file("hello.txt")
        print(f"stored {file.name} as {file.cid}")
    except QuotaExceededError as error:
        print("The account is full:", error.message)
