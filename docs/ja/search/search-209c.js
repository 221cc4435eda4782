(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-209c.js"]={"ₜ":"`aSa/{S/a/a//Ga//`;a;;;;/`/`//i;a;hc/`b/wySi/gGc//`/rS","ₜi":"ab/"};
