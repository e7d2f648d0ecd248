window.CATALOG_PAYLOADS = [
[1,"Okay\n#0055ff\nnew\nz\na\nb\nc"],
[3,"hero.png\nyes\nHello"],
[4,"Name"],
[2,"\u003csvg onload=alert('value2')\u003e\n'\"\u0026\u003c\u003e"],
[5,"Sale"],
[0,"circle\n#fff\n#000"],
null];
