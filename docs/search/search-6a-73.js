(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-73.js"]={"jsd":"|m/","json":"vg+ce/v+v/wa+zc'c7`'k7`7c+tb/da+gd+t/sa+ka/df?y'fc3s'ca+va/w+gb/bdSug/`b7ac/ca+z/"};
