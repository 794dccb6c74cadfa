# Once: cairn login (or set CAIRN_API_URL and CAIRN_TOKEN, as scripts and CI do)
cairn upload hello.txt
cairn ls
